import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DomainEventData, DomainEventType } from '@proxai/contract';
import type { Database } from '../../db/client';
import { events, licences, notificationChannels } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { emitEvent } from '../../events/outbox';
import { giveLicence } from '../hosts/hosts.testing';
import { deliveriesOf, replayDelivery } from './deliveries.service';
import { attemptDelivery, type NotifyDeps } from './delivery';
import { eventMessageId, webhookEventRouter } from './event-webhooks';
import { createChannel, getChannel } from './notifications.service';
import { expectSigned, type DeliveryBed, type Receiver, useDeliveryBed } from './notifications.testing';

/**
 * The domain-event subscriber's routing with an injectable clock, against a real HTTP receiver on 127.0.0.1:
 * which channels an event reaches (subscribed organisation webhooks, enabled, made before it), and the plan gate
 * it shares with the alerts (a downgraded organisation's events are skipped with the reason, replayable after an
 * upgrade).
 */
describe.each(TEST_DATABASE_KINDS)('domain events routed to webhooks on %s', (kind) => {
  const bed = useDeliveryBed(kind);
  let database: Database;
  let deps: NotifyDeps;
  let receiver: Receiver;
  let ctx: DeliveryBed['ctx'];
  beforeEach(() => {
    ({ database, deps, receiver, ctx } = bed);
  });

  const emit = async <T extends DomainEventType>(type: T, data: DomainEventData<T>) => {
    await emitEvent(deps.db, ctx.organisationId, type, data);
    const [row] = await deps.db.select().from(events).orderBy(desc(events.id)).limit(1);
    return row!;
  };
  const invited = () => emit('member.invited', { invite_id: randomUUID(), email: 'new@example.org', role: 'readonly' as const });
  const route = (event: Awaited<ReturnType<typeof emit>>, now = new Date()) =>
    deps.db.transaction((tx) => webhookEventRouter(() => now).handle(tx, [event]));
  const log = async (channelId: string) => (await deliveriesOf(deps, ctx, channelId, { limit: 20 })).items;

  it('reaches enabled organisation webhooks subscribed to the type and made before it, once', async () => {
    const hook = await createChannel(deps, ctx, {
      type: 'webhook',
      name: 'members',
      url: receiver.url('/members'),
      events: ['member.invited'],
    });
    const otherType = await createChannel(deps, ctx, {
      type: 'webhook',
      name: 'licences',
      url: receiver.url('/licences'),
      events: ['licence.generated'],
    });
    const off = await createChannel(deps, ctx, {
      type: 'webhook',
      name: 'off',
      url: receiver.url('/off'),
      events: ['member.invited'],
      enabled: false,
    });
    // A personal webhook cannot subscribe (400); even one stored so by hand gets alerts only.
    const mine = await createChannel(deps, ctx, { owner: 'me', type: 'webhook', name: 'mine', url: receiver.url('/mine') });
    await deps.db
      .update(notificationChannels)
      .set({ events: ['member.invited'] })
      .where(eq(notificationChannels.id, mine.id));

    const event = await invited();
    // Made after the event (the dispatcher re-reads recent events): not for it.
    const late = await createChannel(deps, ctx, {
      type: 'webhook',
      name: 'late',
      url: receiver.url('/late'),
      events: ['member.invited'],
    });
    await deps.db
      .update(notificationChannels)
      .set({ createdAt: new Date(event.at.getTime() + 1000) })
      .where(eq(notificationChannels.id, late.id));
    await route(event);
    await route(event);

    const [row] = await log(hook.id);
    expect(await log(hook.id)).toHaveLength(1);
    expect(row).toMatchObject({ event_type: 'member.invited', status: 'pending', message_id: eventMessageId(event.id) });
    for (const other of [otherType, off, mine, late]) expect(await log(other.id), other.name).toEqual([]);

    const sent = await attemptDelivery(deps, row!.id);
    expect(sent).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/members']);
    expectSigned(receiver.requests[0]!, hook.secret!);
    expect(JSON.parse(receiver.requests[0]!.body)).toEqual({
      type: 'member.invited',
      timestamp: event.at.toISOString(),
      data: event.data,
    });
  });

  it('skips a downgraded organisation’s events with the reason; an upgrade lets them be replayed', async () => {
    const hook = await createChannel(deps, ctx, {
      type: 'webhook',
      name: 'members',
      url: receiver.url('/members'),
      events: ['member.invited'],
    });
    await database.db.update(licences).set({ revokedAt: new Date() }).where(eq(licences.organisationId, ctx.organisationId));
    await route(await invited());
    const [skipped] = await log(hook.id);
    expect(skipped).toMatchObject({
      status: 'skipped',
      last_error: 'Paused by plan: generic webhooks need the Pro plan or higher; this organisation is on Free',
    });
    expect((await getChannel(deps, ctx, hook.id)).paused_by_plan).toBe('pro');
    expect(receiver.requests).toEqual([]);

    await giveLicence(database.db, ctx.organisationId, 'pro');
    const replayed = await replayDelivery(deps, ctx, skipped!.id);
    expect(replayed.status).toBe('pending');
    expect(await attemptDelivery(deps, replayed.id)).toMatchObject({ status: 'delivered' });
    // The replay is the same message: the same webhook-id.
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([skipped!.message_id]);
  });
});
