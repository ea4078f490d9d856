import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  WebhookPayloadSchema,
  type DomainEventType,
  type NotificationChannelCreated,
  type WebhookPayload,
} from '@proxai/contract';
import { generateFleet } from '@proxai/pve-sim';
import { events, notificationDeliveries } from '../../db/schema';
import { routesClient, type RoutesClient } from '../../testing/routes-client';
import { until } from '../../testing/until';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { startReceiver, type Received, type Receiver } from './notifications.testing';

/** The tag of the guest the webhook-event tests start (for the tag scopes). */
export const WEBHOOK_EVENTS_TAG = 'webhooks-e2e';

export interface VmDto {
  id: string;
  vmid: number;
  name: string;
  state: string;
  host_id: string;
}

type DataMatch = (data: Record<string, unknown>) => boolean;

/** What the webhook-event tests work with; filled in as the hooks run. */
export interface WebhookEventsBed {
  bed: HostsTestbed;
  receiver: Receiver;
  /** The owner's client. */
  api: RoutesClient;
  org: string;
  /** A stopped, unlocked guest tagged WEBHOOK_EVENTS_TAG on the first node. */
  startVmid: number;
  /** A running, unlocked guest on each node. */
  runningVmids: number[];
}

/**
 * For a describe block: the real app (its outbox subscribers, delivery pump and pg-boss jobs running) on a `kind`
 * database against two simulated Proxmox nodes, and a node:http receiver on 127.0.0.1 (NOTIFY_ADDRESS_POLICY=any)
 * that answers 200 and forgets what it received before each test.
 */
export function useWebhookEventsBed(kind: 'pglite' | 'postgres'): WebhookEventsBed {
  const w = {} as WebhookEventsBed;
  beforeAll(async () => {
    w.receiver = await startReceiver();
    const spec = generateFleet({ nodes: 2, guests: 6, seed: 21, pbs: false });
    const guest = spec.nodes[0]!.guests.find((g) => !g.template)!;
    Object.assign(guest, { status: 'stopped', tags: [WEBHOOK_EVENTS_TAG], uptimeSec: 0 });
    delete guest.lock;
    w.startVmid = guest.vmid!;
    w.runningVmids = spec.nodes.map((node) => {
      const running = node.guests.find((g) => !g.template && g !== guest)!;
      Object.assign(running, { status: 'running', uptimeSec: 600 });
      delete running.lock;
      return running.vmid;
    });
    w.bed = await startHostsTestbed({
      spec,
      taskDurationMs: 40,
      database: kind,
      env: { NOTIFY_ADDRESS_POLICY: 'any' },
      addBody: (n) => tokenBody(n),
    });
    w.api = routesClient(w.bed.t, w.bed.owner.auth);
    w.org = w.bed.owner.user.organisationId!;
  });
  afterAll(async () => {
    await w.bed?.close();
    await w.receiver?.close();
  });
  beforeEach(() => {
    w.receiver.requests.length = 0;
    w.receiver.state.fallback = { status: 200, body: 'ok' };
  });
  return w;
}

/** The reads and waits the webhook-event tests share, over a bed once its hooks have run. */
export function webhookEventsHelpers(w: WebhookEventsBed) {
  const db = () => w.bed.t.database.db;
  const webhook = (name: string, path: string, over: Record<string, unknown> = {}) =>
    w.api.created<NotificationChannelCreated>('/api/notification-channels', {
      type: 'webhook',
      name,
      url: w.receiver.url(path),
      ...over,
    });
  const payloadOf = (r: Received): WebhookPayload => WebhookPayloadSchema.parse(JSON.parse(r.body));
  const sentTo = (path: string) => w.receiver.requests.filter((r) => r.path === path);
  /** The requests received at `path` carrying an event of `type` whose data matches `match`. */
  const received = (path: string, type: DomainEventType, match: DataMatch) =>
    sentTo(path).filter((r) => {
      const p = payloadOf(r);
      return p.type === type && match(p.data);
    });
  const waitFor = (path: string, type: DomainEventType, match: DataMatch) =>
    until(
      async () => received(path, type, match),
      (rs) => rs.length > 0,
      15_000,
    );
  /** The newest outbox event of this organisation of `type` whose data matches. */
  const outboxEvent = async (type: DomainEventType, match: DataMatch) => {
    const rows = await db()
      .select()
      .from(events)
      .where(and(eq(events.organisationId, w.org), eq(events.type, type)))
      .orderBy(desc(events.id));
    return rows.find((r) => match(r.data));
  };
  /** The guest's state changes in the outbox, newest first. */
  const guestEvents = async (guestId: string) =>
    (
      await db()
        .select()
        .from(events)
        .where(and(eq(events.organisationId, w.org), eq(events.type, 'guest.state_changed')))
        .orderBy(desc(events.id))
    ).filter((e) => e.data.guest_id === guestId);
  const deliveriesOfEvent = (channelId: string, eventId: number) =>
    db()
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.channelId, channelId), eq(notificationDeliveries.eventId, eventId)));
  return { db, webhook, payloadOf, sentTo, received, waitFor, outboxEvent, guestEvents, deliveriesOfEvent };
}
