import { Webhook } from 'standardwebhooks';
import {
  NOTIFICATION_EVENT_TYPES,
  type DeliveryEventType,
  type DigestEntry,
  type Language,
  type NotificationChannelType,
  type NotificationEventType,
  type NotificationSeverity,
} from '@proxai/contract';
import { message } from '../../i18n/messages';
import { duration } from '@proxai/contract/alert-quantities';
import { alertText, type AlertFacts } from './alert-text';
import type { OutboundRequest } from './outbound-http';

/**
 * Each receiver's real format (pure: no I/O). Generic webhooks follow Standard Webhooks (webhook-id,
 * webhook-timestamp, webhook-signature over `id.timestamp.body`); Slack and Discord incoming webhooks, a Teams
 * workflow ("When a Teams webhook request is received": an Adaptive Card in `attachments`), ntfy (the topic URL,
 * Title/Priority/Tags headers) and Gotify (`POST /message`, X-Gotify-Key) get their own bodies.
 */

export interface Message {
  /** An alert message, a digest, a test, or a domain event a webhook subscribes to (event-webhooks.ts). */
  eventType: DeliveryEventType;
  messageId: string;
  severity: NotificationSeverity | null;
  summary: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

/** A channel with its secrets opened (only in memory, for one attempt). */
export interface OpenChannel {
  type: NotificationChannelType;
  url: string | null;
  address: string | null;
  token: string | null;
  /** Webhook secrets to sign with (the current one first, then the previous one during its 24 h). */
  secrets: string[];
  /** What its messages are written in (a generic webhook's JSON is data: its fields are not translated). */
  language: Language;
}

export type Rendered = { kind: 'http'; request: OutboundRequest } | { kind: 'email'; to: string; subject: string; text: string };

/** The instant in `language`, in UTC (a channel is read in many zones): "25 Nov 2026, 14:05 UTC". */
function instant(iso: string | Date, language: Language): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

const severityLabel = (severity: NotificationSeverity, language: Language) => message(language, `notify.severity.${severity}`);

/** The message's own line: the alert's, worded in `language` from its fields (the stored summary is English). */
function lineOf(m: Message, language: Language): string {
  const p = m.payload;
  return typeof p.kind === 'string'
    ? alertText({ ...(p as Partial<AlertFacts>), kind: p.kind, summary: m.summary }, language)
    : m.summary;
}

/** An alert message, a digest or a test (else a domain event a webhook subscribes to). */
const isAlertMessage = (type: DeliveryEventType): type is NotificationEventType =>
  (NOTIFICATION_EVENT_TYPES as readonly string[]).includes(type);

/** What the delivery log says of a message, in the reader's `language` (its stored summary is English). */
export function summaryIn(m: Message, language: Language): string {
  // A domain event: its type and what it names (technical words, the same in every language).
  if (!isAlertMessage(m.eventType)) return m.summary;
  switch (m.eventType) {
    case 'alert.digest':
    case 'test':
      return titleOf(m, language);
    case 'alert.triggered':
    case 'alert.resolved':
    case 'alert.escalated':
      return lineOf(m, language);
  }
}

/** The one-line title every format shows, in `language`. */
export function titleOf(m: Message, language: Language = 'en'): string {
  if (!isAlertMessage(m.eventType)) return m.summary;
  const sev = m.severity ? `[${severityLabel(m.severity, language)}] ` : '';
  switch (m.eventType) {
    case 'alert.triggered':
      return `${sev}${lineOf(m, language)}`;
    case 'alert.resolved':
      return `[${message(language, 'notify.resolved')}] ${lineOf(m, language)}`;
    case 'alert.escalated': {
      const level = typeof m.payload.level === 'number' ? m.payload.level : '?';
      return `${sev}${message(language, 'notify.escalated', { level })}: ${lineOf(m, language)}`;
    }
    case 'alert.digest': {
      const entries = digestEntries(m);
      const resolved = entries.filter((e) => e.type === 'alert.resolved').length;
      return message(language, 'notify.digestTitle', { count: entries.length, resolved });
    }
    case 'test':
      return message(language, 'notify.testTitle');
  }
}

const digestEntries = (m: Message): DigestEntry[] =>
  Array.isArray(m.payload.entries) ? (m.payload.entries as DigestEntry[]) : [];

function entryLine(e: DigestEntry, language: Language): string {
  const what = message(
    language,
    `notify.entry.${e.type === 'alert.resolved' ? 'resolved' : e.type === 'alert.escalated' ? 'escalated' : 'triggered'}`,
  );
  const line = e.kind ? alertText({ ...e, kind: e.kind }, language) : e.summary;
  return `${instant(e.at, language)}  ${what} · ${severityLabel(e.severity, language)}: ${line}`;
}

/** The plain-text body (e-mail, ntfy, Gotify), with the details each event carries, in `language`. */
export function textOf(m: Message, language: Language = 'en'): string {
  const p = m.payload;
  if (m.eventType === 'alert.digest') {
    const intro = message(language, 'notify.digestIntro', {
      from: instant(String(p.from), language),
      to: instant(String(p.to), language),
    });
    return [intro, '', ...digestEntries(m).map((e) => entryLine(e, language))].join('\n');
  }
  // A test message: its payload's English `message` is for webhooks (data); people read it in their language.
  if (m.eventType === 'test') return message(language, 'notify.testText');
  const subject = p.subject as { kind?: string; name?: string } | undefined;
  const lines = [lineOf(m, language)];
  if (subject?.name) {
    const kind =
      subject.kind === 'host' || subject.kind === 'guest' || subject.kind === 'storage'
        ? message(language, `notify.subjectKind.${subject.kind}`)
        : (subject.kind ?? '');
    lines.push(message(language, 'notify.subject', { kind, name: subject.name }).replace(/\s+$/, ''));
  }
  if (typeof p.value === 'number') {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    lines.push(
      typeof p.threshold === 'number'
        ? message(language, 'notify.valueThreshold', { value: number.format(p.value), threshold: number.format(p.threshold) })
        : message(language, 'notify.value', { value: number.format(p.value) }),
    );
  }
  if (typeof p.duration_seconds === 'number')
    lines.push(message(language, 'notify.lasted', { duration: duration(language, p.duration_seconds) }));
  // A grouped message (several alerts of one host at once) lists each of them.
  const group = Array.isArray(p.group) ? (p.group as (Partial<AlertFacts> & { severity?: NotificationSeverity })[]) : [];
  if (group.length > 1) {
    lines.push('', message(language, 'notify.group', { count: group.length }));
    for (const g of group) {
      const line =
        typeof g.kind === 'string' ? alertText({ ...g, kind: g.kind, summary: g.summary ?? '' }, language) : (g.summary ?? '');
      lines.push(`- ${g.severity ? `${severityLabel(g.severity, language)}: ` : ''}${line}`);
    }
  }
  lines.push(message(language, 'notify.at', { at: instant(m.occurredAt, language) }));
  return lines.join('\n');
}

const DISCORD_COLOR: Record<string, number> = { critical: 0xd13438, warning: 0xf2a93b, info: 0x2d7ff9, resolved: 0x2ea043 };
const NTFY_PRIORITY: Record<NotificationSeverity, string> = { info: '3', warning: '4', critical: '5' };
const GOTIFY_PRIORITY: Record<NotificationSeverity, number> = { info: 4, warning: 6, critical: 8 };

function ntfyTags(m: Message): string {
  if (m.eventType === 'alert.resolved') return 'white_check_mark,proxai';
  if (m.eventType === 'test') return 'test_tube,proxai';
  if (m.eventType === 'alert.digest') return 'scroll,proxai';
  return `${m.severity === 'critical' ? 'rotating_light' : 'warning'},proxai`;
}

/** HTTP header values must be Latin-1; ntfy reads RFC 2047 encoded words for anything else. */
function headerSafe(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ').slice(0, 250);
  return /^[\x20-\x7e]*$/.test(oneLine) ? oneLine : `=?UTF-8?B?${Buffer.from(oneLine, 'utf8').toString('base64')}?=`;
}

/** The Standard Webhooks body and headers, signed with each secret (several signatures, space-separated). */
export function webhookRequest(url: string, m: Message, secrets: readonly string[], now: Date): OutboundRequest {
  const body = JSON.stringify({ type: m.eventType, timestamp: m.occurredAt.toISOString(), data: m.payload });
  const signature = secrets.map((s) => new Webhook(s).sign(m.messageId, now, body)).join(' ');
  return {
    url,
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': m.messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

const json = (url: string, payload: unknown, headers: Record<string, string> = {}): OutboundRequest => ({
  url,
  body: JSON.stringify(payload),
  headers: { 'content-type': 'application/json', ...headers },
});

export function render(channel: OpenChannel, m: Message, now: Date): Rendered {
  const title = titleOf(m, channel.language);
  const text = textOf(m, channel.language);
  if (channel.type === 'email') {
    if (!channel.address) throw new Error('e-mail channel without an address');
    return { kind: 'email', to: channel.address, subject: title, text };
  }
  const url = channel.url;
  if (!url) throw new Error(`${channel.type} channel without a URL`);
  switch (channel.type) {
    case 'webhook':
      return { kind: 'http', request: webhookRequest(url, m, channel.secrets, now) };
    case 'slack':
      return {
        kind: 'http',
        request: json(url, {
          text: title,
          blocks: [
            { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
            { type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 2900) } },
          ],
        }),
      };
    case 'discord': {
      const color = DISCORD_COLOR[m.eventType === 'alert.resolved' ? 'resolved' : (m.severity ?? 'info')];
      return {
        kind: 'http',
        request: json(url, {
          username: 'ProxAI',
          embeds: [
            { title: title.slice(0, 256), description: text.slice(0, 4000), color, timestamp: m.occurredAt.toISOString() },
          ],
        }),
      };
    }
    case 'teams':
      return {
        kind: 'http',
        request: json(url, {
          type: 'message',
          attachments: [
            {
              contentType: 'application/vnd.microsoft.card.adaptive',
              contentUrl: null,
              content: {
                $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
                type: 'AdaptiveCard',
                version: '1.4',
                body: [
                  { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
                  { type: 'TextBlock', text, wrap: true },
                ],
              },
            },
          ],
        }),
      };
    case 'ntfy':
      return {
        kind: 'http',
        request: {
          url,
          body: text,
          headers: {
            'content-type': 'text/plain; charset=utf-8',
            Title: headerSafe(title),
            Priority: m.eventType === 'alert.resolved' || !m.severity ? '3' : NTFY_PRIORITY[m.severity],
            Tags: ntfyTags(m),
            ...(channel.token ? { Authorization: `Bearer ${channel.token}` } : {}),
          },
        },
      };
    case 'gotify': {
      if (!channel.token) throw new Error('Gotify channel without an application token');
      const priority = m.eventType === 'alert.resolved' || !m.severity ? 4 : GOTIFY_PRIORITY[m.severity];
      return {
        kind: 'http',
        request: json(gotifyMessageUrl(url), { title, message: text, priority }, { 'X-Gotify-Key': channel.token }),
      };
    }
  }
}

/** Gotify's message endpoint under the server URL the person typed (which may carry a path prefix). */
export function gotifyMessageUrl(serverUrl: string): string {
  const u = new URL(serverUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '').replace(/\/message$/, '')}/message`;
  u.search = '';
  return u.toString();
}
