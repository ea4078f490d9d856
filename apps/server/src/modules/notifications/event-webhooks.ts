import { WEBHOOK_EVENT_TYPES, type NotificationScope, type WebhookEventType } from '@proxai/contract';
import type { Db } from '../../db/client';
import type { Subscriber } from '../../events/dispatcher';
import type { EventRow } from '../../events/outbox';
import {
  guestPlace,
  guestTagsByVmid,
  insertDeliveries,
  subscribedWebhooks,
  taskTarget,
  type ChannelRow,
  type DeliveryValues,
} from './notifications.repository';
import { planView, type PlanView } from './plan-gate';

/**
 * Organisation webhooks for every domain event (issue 21, ADR 013): a durable outbox subscriber turns each event of a
 * type a generic webhook subscribes to (`events`) into a delivery of the notification pipeline, so it gets the same
 * Standard Webhooks signature, retries honouring Retry-After, dead letters, replay, address policy and plan gate as
 * the alerts. The body is `{type, timestamp, data}` with the event's own type and data (contract events.ts).
 *
 * One delivery per event and channel: its `webhook-id` is derived from the event, and a re-dispatched event (the
 * dispatcher re-reads recent events) hits the unique (channel, event) key and makes nothing new. The channel's scope
 * filters events as it filters alerts: by the event's host, and by the tags of the guest it names. Severity and
 * quiet hours do not apply: a domain event is data for a machine, sent as it happens.
 */

/** What an event names that a scope reads: a host, a guest (by id, or by host and vmid), or a task to look up. */
export interface EventSubject {
  hostId: string | null;
  guestId: string | null;
  guestVmid: number | null;
  taskId: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** What an event's data names (pure): the catalogue's fields, by type. */
export function subjectOf(type: string, data: Record<string, unknown>): EventSubject {
  const none: EventSubject = { hostId: null, guestId: null, guestVmid: null, taskId: null };
  const hostId = str(data.host_id);
  const vmid = typeof data.vmid === 'number' ? data.vmid : null;
  switch (type.slice(0, type.indexOf('.'))) {
    case 'host':
      return { ...none, hostId };
    case 'guest':
    case 'backup':
      return { ...none, hostId, guestId: str(data.guest_id), guestVmid: str(data.guest_id) ? null : vmid };
    case 'task': {
      const target = (data.task as { target?: { host_id?: unknown; guest_id?: unknown } } | undefined)?.target;
      if (target) return { ...none, hostId: str(target.host_id), guestId: str(target.guest_id) };
      return { ...none, taskId: str(data.task_id) };
    }
    case 'alert': {
      const subject = data.subject as { kind?: unknown; id?: unknown } | undefined;
      return { ...none, hostId, guestId: subject?.kind === 'guest' ? str(subject.id) : null };
    }
    case 'restore_test':
      // A leftover is the test's copy on the target host, not the guest: its host only.
      return type === 'restore_test.leftover' ? { ...none, hostId } : { ...none, guestId: str(data.guest_id) };
    default:
      // Schedules, members, API keys, licences: the organisation's, no host.
      return none;
  }
}

/** The host and guest tags a scope is matched against. */
export interface EventPlace {
  hostId: string | null;
  /** The tags of the guest the event names; null when it names none. */
  tags: string[] | null;
}

/** Looks up what the event's data does not say (a guest's host and tags, a task's target). */
export async function placeOf(db: Db, subject: EventSubject): Promise<EventPlace> {
  let { hostId, guestId } = subject;
  if (subject.taskId) {
    const target = await taskTarget(db, subject.taskId);
    hostId = target?.hostId ?? null;
    guestId = target?.guestId ?? null;
  }
  if (guestId) {
    const guest = await guestPlace(db, guestId);
    return { hostId: hostId ?? guest?.hostId ?? null, tags: guest?.tags ?? [] };
  }
  if (hostId && subject.guestVmid !== null) return { hostId, tags: (await guestTagsByVmid(db, hostId, subject.guestVmid)) ?? [] };
  return { hostId, tags: null };
}

/**
 * Whether a channel's scope covers an event, as for alerts: all; some hosts (the event's host is one of them: an
 * event of no host, such as a member joining, is not); guests with a tag (the event names such a guest).
 */
export function scopeCovers(scope: NotificationScope, place: EventPlace): boolean {
  if ('all' in scope) return true;
  if ('host_ids' in scope) return place.hostId !== null && scope.host_ids.includes(place.hostId);
  return place.tags !== null && place.tags.some((t) => scope.tags.includes(t));
}

/** The Standard Webhooks id of an event's message: the same for every retry, replay and re-dispatch. */
export const eventMessageId = (eventId: number) => `msg_evt_${eventId}`;

/** The delivery log's English line for an event (its type and what it names). */
export function eventSummary(type: string, data: Record<string, unknown>): string {
  const task = data.task as { kind?: unknown; status?: unknown } | undefined;
  if (type === 'guest.state_changed') return `${type}: ${String(data.name)} ${String(data.previous)} → ${String(data.state)}`;
  const label =
    str(data.name) ??
    str(data.email) ??
    (task ? [str(task.kind), str(task.status)].filter(Boolean).join(' ') : null) ??
    str(data.task_id) ??
    str(data.licence_id) ??
    str(data.api_key_id);
  return label ? `${type}: ${label}` : type;
}

const isSubscribed = (channel: ChannelRow, type: string) => channel.events.includes(type);

/** The deliveries one event makes for the subscribed channels (`candidates`: its organisation's). */
export async function routeDomainEvent(
  db: Db,
  event: EventRow,
  candidates: readonly ChannelRow[],
  plan: PlanView,
  now: Date,
): Promise<DeliveryValues[]> {
  // The dispatcher re-reads recent events (late commits): a channel made after the event never receives it.
  const channels = candidates.filter((c) => isSubscribed(c, event.type) && c.createdAt <= event.at);
  if (channels.length === 0) return [];
  let place: EventPlace | undefined;
  const out: DeliveryValues[] = [];
  for (const channel of channels) {
    const scope = channel.scope as NotificationScope;
    if (!('all' in scope)) {
      place ??= await placeOf(db, subjectOf(event.type, event.data));
      if (!scopeCovers(scope, place)) continue;
    }
    const skipped = plan.skipReason(channel.type);
    out.push({
      organisationId: event.organisationId,
      channelId: channel.id,
      dedupeKey: `${event.id}:c:${channel.id}`,
      eventId: event.id,
      eventType: event.type,
      messageId: eventMessageId(event.id),
      alertId: str(event.data.alert_id),
      severity: null,
      summary: eventSummary(event.type, event.data),
      payload: event.data,
      occurredAt: event.at,
      ...(skipped ? { status: 'skipped', nextAttemptAt: null, lastError: skipped } : { status: 'pending', nextAttemptAt: now }),
    });
  }
  return out;
}

/** The durable subscriber: each subscribed domain event becomes deliveries (idempotent by event and channel). */
export function webhookEventRouter(clock: () => Date = () => new Date()): Subscriber {
  return {
    name: 'webhook-events',
    types: WEBHOOK_EVENT_TYPES satisfies readonly WebhookEventType[],
    async handle(tx, batch) {
      const now = clock();
      const channels = await subscribedWebhooks(tx, [...new Set(batch.map((e) => e.organisationId))]);
      if (channels.length === 0) return;
      const plans = new Map<string, PlanView>();
      for (const event of batch) {
        const candidates = channels.filter((c) => c.organisationId === event.organisationId);
        if (!candidates.some((c) => isSubscribed(c, event.type))) continue;
        let plan = plans.get(event.organisationId);
        if (!plan) {
          plan = await planView(tx, event.organisationId);
          plans.set(event.organisationId, plan);
        }
        await insertDeliveries(tx, await routeDomainEvent(tx, event, candidates, plan, now));
      }
    },
  };
}
