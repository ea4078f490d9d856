import type { AdviceItem, Language } from '@proxai/contract';
import type { Fleet } from './advice-rules';

export interface AiSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'French',
  en: 'English',
  es: 'Spanish',
  it: 'Italian',
  de: 'German',
  pt: 'Portuguese',
  zh: 'Simplified Chinese',
  ja: 'Japanese',
  ar: 'Arabic',
};

/** The facts the model may use: the same ones the rules saw, without URLs, errors' internals or credentials. */
function factsFor(fleet: Fleet, items: AdviceItem[]) {
  return {
    hosts: fleet.hosts.map((h) => ({
      name: h.name,
      status: h.status,
      pve_version: h.facts?.pveVersion ?? h.pveVersion,
      memory_used_pct: h.facts?.memory ? Math.round((h.facts.memory.used / h.facts.memory.total) * 100) : null,
      rootfs_used_pct: h.facts?.rootfs ? Math.round((h.facts.rootfs.used / h.facts.rootfs.total) * 100) : null,
      storages: h.facts?.storages.map((s) => ({
        name: s.storage,
        used_pct: s.total ? Math.round((s.used / s.total) * 100) : null,
      })),
      pending_updates: h.facts?.pendingUpdates ?? null,
    })),
    guests: {
      total: fleet.guests.length,
      running: fleet.guests.filter((g) => g.state === 'running').length,
      stopped: fleet.guests.filter((g) => g.state === 'stopped').length,
    },
    findings: items,
  };
}

/**
 * Asks an OpenAI-compatible chat model to write the advice from the facts. Throws on any failure (HTTP error,
 * timeout, empty or malformed answer): the caller falls back to the rules.
 */
export async function writeAdviceWithModel(
  settings: AiSettings,
  fleet: Fleet,
  items: AdviceItem[],
  lang: Language,
): Promise<string> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const response = await fetch(url, {
    method: 'POST',
    signal: AbortSignal.timeout(settings.timeoutMs),
    headers: {
      'content-type': 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      temperature: 0.2,
      max_tokens: 400,
      messages: [
        {
          role: 'system',
          content:
            `You are ProxAI, an assistant for Proxmox VE administrators. Write at most four sentences of advice in ${LANGUAGE_NAMES[lang]}, ` +
            'most urgent first, using only the facts given. Do not invent hosts, guests or numbers. Plain text, no markdown.',
        },
        { role: 'user', content: JSON.stringify(factsFor(fleet, items)) },
      ],
    }),
  });
  if (!response.ok) throw new Error(`model answered HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('model answer has no text');
  return content.trim().slice(0, 4000);
}
