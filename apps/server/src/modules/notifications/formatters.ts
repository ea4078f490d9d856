import { Webhook } from 'standardwebhooks';
import type { DigestEntry, NotificationChannelType, NotificationEventType, NotificationSeverity } from '@proxai/contract';
import type { OutboundRequest } from './outbound-http';

/**
 * Each receiver's real format (pure: no I/O). Generic webhooks follow Standard Webhooks (webhook-id,
 * webhook-timestamp, webhook-signature over `id.timestamp.body`); Slack and Discord incoming webhooks, a Teams
 * workflow ("When a Teams webhook request is received": an Adaptive Card in `attachments`), ntfy (the topic URL,
 * Title/Priority/Tags headers) and Gotify (`POST /message`, X-Gotify-Key) get their own bodies.
 */

export interface Message {
  eventType: NotificationEventType;
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
}

export type Rendered = { kind: 'http'; request: OutboundRequest } | { kind: 'email'; to: string; subject: string; text: string };

const SEVERITY_LABEL: Record<NotificationSeverity, string> = { info: 'Info', warning: 'Warning', critical: 'Critical' };

/** The one-line title every format shows. */
export function titleOf(m: Message): string {
  const sev = m.severity ? `[${SEVERITY_LABEL[m.severity]}] ` : '';
  switch (m.eventType) {
    case 'alert.triggered':
      return `${sev}${m.summary}`;
    case 'alert.resolved':
      return `[Resolved] ${m.summary}`;
    case 'alert.escalated':
      return `${sev}Escalated (level ${typeof m.payload.level === 'number' ? m.payload.level : '?'}): ${m.summary}`;
    case 'alert.digest':
      return `ProxAI: ${m.summary}`;
    case 'test':
      return 'ProxAI test notification';
  }
}

function entryLine(e: DigestEntry): string {
  const what = e.type === 'alert.resolved' ? 'resolved' : e.type === 'alert.escalated' ? 'escalated' : 'triggered';
  return `${e.at.slice(0, 16).replace('T', ' ')} UTC  ${what.padEnd(9)} ${SEVERITY_LABEL[e.severity]}: ${e.summary}`;
}

/** The plain-text body (e-mail, ntfy, Gotify), with the details each event carries. */
export function textOf(m: Message): string {
  const p = m.payload;
  if (m.eventType === 'alert.digest') {
    const entries = (p.entries ?? []) as DigestEntry[];
    return [`What happened during the quiet hours (${String(p.from)} to ${String(p.to)}):`, '', ...entries.map(entryLine)].join(
      '\n',
    );
  }
  if (m.eventType === 'test') return typeof p.message === 'string' ? p.message : 'This is a test notification from ProxAI.';
  const subject = p.subject as { kind?: string; name?: string } | undefined;
  const lines = [m.summary];
  if (subject?.name) lines.push(`Subject: ${subject.kind ?? ''} ${subject.name}`.trim());
  if (typeof p.value === 'number')
    lines.push(`Value: ${p.value}${typeof p.threshold === 'number' ? ` (threshold ${p.threshold})` : ''}`);
  if (typeof p.duration_seconds === 'number') lines.push(`Lasted: ${Math.round(p.duration_seconds / 60)} min`);
  // A grouped message (several alerts of one host at once) lists each of them.
  const group = Array.isArray(p.group) ? (p.group as { severity?: NotificationSeverity; summary?: string }[]) : [];
  if (group.length > 1) {
    lines.push('', `${group.length} alerts on this host:`);
    for (const g of group) lines.push(`- ${g.severity ? `${SEVERITY_LABEL[g.severity]}: ` : ''}${g.summary ?? ''}`);
  }
  lines.push(`At: ${m.occurredAt.toISOString()}`);
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
  const title = titleOf(m);
  const text = textOf(m);
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
