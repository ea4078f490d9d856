import { randomUUID } from 'node:crypto';
import type { DigestEntry, NotificationPreferences, NotificationScope, NotificationSeverity, QuietHours } from '@proxai/contract';
import type { Db } from '../../db/client';
import { WEEKDAYS } from '@proxai/contract';
import type { EventRow } from '../../events/outbox';
import type { Subscriber } from '../../events/dispatcher';
import { openStretchAt } from '../schedules/window-logic';
import {
  guestTags,
  heldDue,
  insertDeliveries,
  listChannels,
  markDigested,
  membersWithPreferences,
  type DeliveryRow,
  type DeliveryValues,
} from './notifications.repository';
import { planView } from './plan-gate';

/**
 * Who receives each alert event (the durable outbox subscriber) and the quiet hours: organisation channels and each
 * person's own channels by their severity and scope, each person's e-mail by their preferences. During a recipient's
 * quiet hours the message (trigger, escalation AND resolve: rcourtman/Pulse#1068, #1398) is held, and the digest job
 * sends ONE digest of everything held once the quiet hours end; a severity at or above the bypass still goes out at
 * once.
 */

const RANK: Record<NotificationSeverity, number> = { info: 0, warning: 1, critical: 2 };
export const atLeast = (s: NotificationSeverity, min: NotificationSeverity) => RANK[s] >= RANK[min];

/** A person without saved preferences: e-mail on, warnings and above, no quiet hours, every channel. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: true,
  min_severity: 'warning',
  quiet_hours: null,
  channel_ids: null,
};

/** When the quiet hours holding a message of `severity` at `now` end; null when it goes out now. */
export function quietUntil(q: QuietHours | null | undefined, severity: NotificationSeverity, now: Date): Date | null {
  if (!q) return null;
  if (q.bypass_severity && atLeast(severity, q.bypass_severity)) return null;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const durationMinutes = (minutes(q.end) - minutes(q.start) + 1440) % 1440;
  const stretch = openStretchAt({ days: WEEKDAYS, start: q.start, durationMinutes, timezone: q.timezone }, now);
  return stretch?.end ?? null;
}

/** What the alert.* events carry that routing reads (contract events.ts AlertRef). */
interface AlertData {
  alert_id: string;
  severity: NotificationSeverity;
  summary: string;
  host_id: string | null;
  subject: { kind: string; id: string; name: string };
  group?: { subject: { kind: string; id: string } }[];
}

export async function matchesScope(db: Db, scope: NotificationScope, a: AlertData): Promise<boolean> {
  if ('all' in scope) return true;
  if ('host_ids' in scope) return a.host_id !== null && scope.host_ids.includes(a.host_id);
  // Tags are Proxmox guest tags: only guest subjects (or guests of a grouped message) can match.
  const subjects = [a.subject, ...(a.group ?? []).map((g) => g.subject)].filter((s) => s.kind === 'guest');
  for (const s of subjects) {
    const tags = await guestTags(db, s.id);
    if (tags.some((t) => scope.tags.includes(t))) return true;
  }
  return false;
}

const ALERT_TYPES = ['alert.triggered', 'alert.resolved', 'alert.escalated'] as const;

/**
 * The deliveries one alert event makes (held and skipped ones included). A personal channel follows its own quiet
 * hours, else its owner's; a channel the organisation's plan pauses gets a `skipped` row saying why, so its log
 * shows what it missed.
 */
export async function routeEvent(db: Db, event: EventRow, now: Date): Promise<DeliveryValues[]> {
  const a = event.data as unknown as AlertData;
  const base = {
    organisationId: event.organisationId,
    eventId: event.id,
    eventType: event.type,
    alertId: a.alert_id,
    severity: a.severity,
    summary: a.summary,
    payload: event.data,
    occurredAt: event.at,
  };
  const make = (recipient: string, quiet: QuietHours | null | undefined): DeliveryValues => {
    const until = quietUntil(quiet, a.severity, now);
    return {
      ...base,
      dedupeKey: `${event.id}:${recipient}`,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      status: until ? 'held' : 'pending',
      nextAttemptAt: until ?? now,
    };
  };
  const members = await membersWithPreferences(db, event.organisationId);
  const memberQuiet = new Map(members.map((m) => [m.id, (m.prefs?.quietHours ?? null) as QuietHours | null]));
  const plan = await planView(db, event.organisationId);
  const out: DeliveryValues[] = [];
  for (const channel of await listChannels(db, event.organisationId)) {
    // The dispatcher re-reads recent events (late commits): a channel made after the event never receives it.
    if (channel.createdAt > event.at) continue;
    // A personal channel reaches its owner only while they are a member of the organisation.
    if (channel.userId && !memberQuiet.has(channel.userId)) continue;
    if (!channel.enabled || !atLeast(a.severity, channel.minSeverity as NotificationSeverity)) continue;
    if (!(await matchesScope(db, channel.scope as NotificationScope, a))) continue;
    const skipped = plan.skipReason(channel.type);
    if (skipped) {
      out.push({
        ...make(`c:${channel.id}`, null),
        channelId: channel.id,
        status: 'skipped',
        nextAttemptAt: null,
        lastError: skipped,
      });
      continue;
    }
    const quiet = (channel.quietHours as QuietHours | null) ?? (channel.userId ? memberQuiet.get(channel.userId) : null);
    out.push({ ...make(`c:${channel.id}`, quiet), channelId: channel.id });
  }
  for (const member of members) {
    if (member.createdAt > event.at) continue;
    const prefs = member.prefs;
    const email = prefs?.email ?? DEFAULT_PREFERENCES.email;
    const min = (prefs?.minSeverity ?? DEFAULT_PREFERENCES.min_severity) as NotificationSeverity;
    if (!email || !atLeast(a.severity, min)) continue;
    out.push({ ...make(`u:${member.id}`, prefs?.quietHours as QuietHours | null), userId: member.id });
  }
  return out;
}

/** The durable subscriber: routes alert events into deliveries (idempotent by event and recipient). */
export function notificationRouter(clock: () => Date = () => new Date()): Subscriber {
  return {
    name: 'notifications',
    types: ALERT_TYPES,
    async handle(tx, batch) {
      const now = clock();
      for (const event of batch) await insertDeliveries(tx, await routeEvent(tx, event, now));
    },
  };
}

const entryOf = (row: DeliveryRow): DigestEntry => {
  const p = row.payload as { subject?: DigestEntry['subject']; kind?: unknown; value?: unknown; threshold?: unknown };
  return {
    type: row.eventType as DigestEntry['type'],
    at: row.occurredAt.toISOString(),
    alert_id: row.alertId ?? '',
    severity: (row.severity ?? 'info') as NotificationSeverity,
    summary: row.summary,
    subject: p.subject ?? { kind: 'host', id: '', name: '' },
    ...(typeof p.kind === 'string' ? { kind: p.kind } : {}),
    ...(typeof p.value === 'number' ? { value: p.value } : {}),
    ...(typeof p.threshold === 'number' ? { threshold: p.threshold } : {}),
  };
};

/**
 * Turns the held messages whose quiet hours ended by `now` into ONE digest delivery per recipient (what happened,
 * resolves included, oldest first); answers the digests made. Runs as a singleton job, with an injectable clock.
 */
export async function sendDueDigests(db: Db, now = new Date()): Promise<DeliveryRow[]> {
  return db.transaction(async (tx) => {
    const held = await heldDue(tx, now, 5000);
    const byRecipient = new Map<string, DeliveryRow[]>();
    for (const row of held) {
      const key = row.channelId ? `c:${row.channelId}` : `u:${row.userId}`;
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), row]);
    }
    const made: DeliveryRow[] = [];
    for (const [recipient, rows] of byRecipient) {
      const first = rows[0]!;
      const entries = rows.map(entryOf);
      const worst = entries.reduce<NotificationSeverity>((w, e) => (atLeast(e.severity, w) ? e.severity : w), 'info');
      const resolved = entries.filter((e) => e.type === 'alert.resolved').length;
      const [digest] = await insertDeliveries(tx, [
        {
          organisationId: first.organisationId,
          channelId: first.channelId,
          userId: first.userId,
          dedupeKey: `digest:${recipient}:${first.id}`,
          eventType: 'alert.digest',
          messageId: `msg_${randomUUID().replaceAll('-', '')}`,
          severity: worst,
          summary: `${entries.length} alert event(s) during quiet hours, ${resolved} resolved`,
          payload: { from: first.occurredAt.toISOString(), to: now.toISOString(), entries },
          occurredAt: now,
          status: 'pending',
          nextAttemptAt: now,
        },
      ]);
      if (!digest) continue;
      await markDigested(
        tx,
        rows.map((r) => r.id),
        digest.id,
      );
      made.push(digest);
    }
    return made;
  });
}
