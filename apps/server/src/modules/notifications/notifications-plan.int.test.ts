import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { licences } from '../../db/schema';
import { AppError } from '../../errors';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { giveLicence } from '../hosts/hosts.testing';
import { deliveriesOf, replayDelivery } from './deliveries.service';
import { attemptDelivery, type NotifyDeps } from './delivery';
import { createChannel, getChannel, listChannelsOf, testChannel } from './notifications.service';
import { alertData, emitAlert, type Receiver, useDeliveryBed, type DeliveryBed } from './notifications.testing';
import { notificationRouter } from './routing';

/**
 * Generic webhooks are a Pro feature (api_webhooks). After a downgrade an organisation's webhooks stop sending: each
 * message is skipped with the reason, the channel shows as paused by the plan, a test or replay is refused; the
 * channels every plan has keep sending; after an upgrade the webhooks send again and the skipped ones can be replayed.
 */
describe.each(TEST_DATABASE_KINDS)('notification channels across a plan change on %s', (kind) => {
  const bed = useDeliveryBed(kind);
  let database: Database;
  let deps: NotifyDeps;
  let receiver: Receiver;
  let ctx: DeliveryBed['ctx'];
  beforeEach(() => {
    ({ database, deps, receiver, ctx } = bed);
  });

  const downgrade = () =>
    database.db.update(licences).set({ revokedAt: new Date() }).where(eq(licences.organisationId, ctx.organisationId));
  /** Routes a new alert event (as the outbox subscriber does) and attempts what it made; answers each channel's row. */
  const route = async (summary: string) => {
    const now = new Date();
    const event = await emitAlert(deps.db, ctx.organisationId, 'alert.triggered', alertData({ summary }));
    await notificationRouter(() => now).handle(deps.db, [event]);
    const rows = new Map<string, { id: string; status: string; last_error: string | null }>();
    for (const channel of (await listChannelsOf(deps, ctx)).items) {
      const row = (await deliveriesOf(deps, ctx, channel.id, { limit: 50 })).items.find((d) => d.summary === summary);
      if (!row) continue;
      const after = row.status === 'pending' ? await attemptDelivery(deps, row.id, now) : undefined;
      rows.set(channel.name, { id: row.id, status: after?.status ?? row.status, last_error: after?.lastError ?? row.last_error });
    }
    return rows;
  };

  it('skips a downgraded webhook with the reason, keeps Slack sending, and resumes after an upgrade', async () => {
    const hook = await createChannel(deps, ctx, { type: 'webhook', name: 'hook', url: receiver.url('/hook') });
    await createChannel(deps, ctx, { type: 'slack', name: 'slack', url: receiver.url('/slack') });
    // Queued while the plan had webhooks, attempted after the downgrade: skipped too, not sent.
    const event = await emitAlert(deps.db, ctx.organisationId, 'alert.triggered', alertData({ summary: 'queued before' }));
    await notificationRouter().handle(deps.db, [event]);
    const queued = (await deliveriesOf(deps, ctx, hook.id, { limit: 5 })).items[0]!;
    expect(queued.status).toBe('pending');

    await downgrade();
    expect((await attemptDelivery(deps, queued.id))?.status).toBe('skipped');
    const during = await route('during free');
    expect(during.get('slack')).toMatchObject({ status: 'delivered' });
    expect(during.get('hook')).toMatchObject({
      status: 'skipped',
      last_error: 'Paused by plan: generic webhooks need the Pro plan or higher; this organisation is on Free',
    });
    expect(receiver.requests.map((r) => r.path)).toEqual(['/slack']);
    expect(await getChannel(deps, ctx, hook.id)).toMatchObject({ paused_by_plan: 'pro', enabled: true });
    expect((await listChannelsOf(deps, ctx)).items.find((c) => c.type === 'slack')?.paused_by_plan).toBeNull();
    // A test or a replay is refused while paused (no message is made to be skipped).
    await expect(testChannel(deps, ctx, hook.id)).rejects.toMatchObject({ code: 'plan_required', status: 403 });
    const replay = replayDelivery(deps, ctx, during.get('hook')!.id);
    await expect(replay).rejects.toBeInstanceOf(AppError);
    await expect(replay).rejects.toMatchObject({ code: 'plan_required' });
    // A new webhook cannot be made on Free either.
    await expect(createChannel(deps, ctx, { type: 'webhook', name: 'new', url: receiver.url() })).rejects.toMatchObject({
      code: 'plan_required',
    });

    await giveLicence(database.db, ctx.organisationId, 'pro');
    expect((await getChannel(deps, ctx, hook.id)).paused_by_plan).toBeNull();
    const after = await route('after upgrade');
    expect(after.get('hook')).toMatchObject({ status: 'delivered' });
    expect(receiver.requests.filter((r) => r.path === '/hook')).toHaveLength(1);
    // What was skipped can be sent now.
    const replayed = await replayDelivery(deps, ctx, during.get('hook')!.id);
    expect(replayed.status).toBe('pending');
    expect((await attemptDelivery(deps, replayed.id))?.status).toBe('delivered');
    expect(receiver.requests.filter((r) => r.path === '/hook')).toHaveLength(2);
  });
});
