import { beforeEach, describe, expect, it } from 'vitest';
import type { DigestEntry, QuietHours } from '@proxai/contract';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { attemptDelivery, type NotifyDeps } from './delivery';
import { findDeliveryById } from './notifications.repository';
import { deliveriesOf, replayDelivery } from './deliveries.service';
import { createChannel, testChannel } from './notifications.service';
import { putPreferences } from './preferences.service';
import { alertData, emitAlert, type Receiver, useDeliveryBed, type DeliveryBed } from './notifications.testing';
import { notificationRouter, sendDueDigests } from './routing';

/**
 * Delivery over time with an injectable clock, against a real HTTP receiver on 127.0.0.1: Retry-After, the 24 h
 * of retries then the dead letter and its replay, an immediate dead letter for a 4xx, and quiet hours that hold
 * trigger, escalation and resolve and send ONE digest when they end (rcourtman/Pulse#1068, #1398).
 */
describe.each(TEST_DATABASE_KINDS)('notification delivery over time on %s', (kind) => {
  const bed = useDeliveryBed(kind);
  let deps: NotifyDeps;
  let receiver: Receiver;
  let ctx: DeliveryBed['ctx'];
  beforeEach(() => {
    ({ deps, receiver, ctx } = bed);
  });

  const webhook = (over: Record<string, unknown> = {}) =>
    createChannel(deps, ctx, { type: 'webhook', name: 'ops hook', url: receiver.url(), ...over });

  it('waits what Retry-After says, in seconds or as an HTTP date, then delivers', async () => {
    const channel = await webhook();
    const t0 = new Date('2030-01-01T12:00:00Z');
    receiver.script.push({ status: 429, headers: { 'Retry-After': '2' } });
    const first = await testChannel(deps, ctx, channel.id, t0);
    expect(first.delivery).toMatchObject({ status: 'retrying', attempts: 1, last_status_code: 429 });
    expect(first.delivery.next_attempt_at).toBe(new Date(t0.getTime() + 2000).toISOString());
    // Before it is due nothing happens elsewhere; at t0 + 2 s the next attempt is delivered.
    const second = await attemptDelivery(deps, first.delivery.id, new Date(t0.getTime() + 2000));
    expect(second).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(receiver.requests).toHaveLength(2);
    // The same message id on every attempt (the receiver deduplicates on it).
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(receiver.requests[1]!.headers['webhook-id']);

    receiver.script.push({ status: 503, headers: { 'Retry-After': new Date(t0.getTime() + 90_000).toUTCString() } });
    const dated = await testChannel(deps, ctx, channel.id, t0);
    expect(dated.delivery.next_attempt_at).toBe(new Date(t0.getTime() + 90_000).toISOString());
    // Without Retry-After: exponential backoff (30 s, then 60 s).
    receiver.script.push({ status: 500 }, { status: 502 });
    const backoff = await testChannel(deps, ctx, channel.id, t0);
    expect(backoff.delivery.next_attempt_at).toBe(new Date(t0.getTime() + 30_000).toISOString());
    const again = await attemptDelivery(deps, backoff.delivery.id, new Date(t0.getTime() + 30_000));
    expect(again?.nextAttemptAt?.toISOString()).toBe(new Date(t0.getTime() + 90_000).toISOString());
  });

  it('gives up after 24 h of failures (a dead letter), and a replay delivers it', async () => {
    const channel = await webhook();
    receiver.state.fallback = { status: 503, body: 'down for maintenance' };
    let now = new Date('2030-02-01T00:00:00Z');
    const start = now.getTime();
    const test = await testChannel(deps, ctx, channel.id, now);
    let row = await findDeliveryById(deps.db, test.delivery.id);
    while (row?.status === 'retrying') {
      now = row.nextAttemptAt!;
      row = await attemptDelivery(deps, row.id, now);
    }
    expect(row).toMatchObject({ status: 'dead', lastStatusCode: 503 });
    expect(row!.lastError).toMatch(/HTTP 503: down for maintenance.*gave up after 24 h/);
    // The last attempt is at the end of the 24 h, not before and not after.
    expect(now.getTime() - start).toBe(24 * 3600_000);
    // Backoff capped at an hour: 30 s … 32 min, then hourly → about 30 attempts, not thousands.
    expect(row!.attempts).toBeGreaterThan(20);
    expect(row!.attempts).toBeLessThan(40);
    expect(receiver.requests).toHaveLength(row!.attempts);
    const dead = await deliveriesOf(deps, ctx, channel.id, { limit: 10 }, true);
    expect(dead.items.map((d) => d.id)).toEqual([row!.id]);

    receiver.state.fallback = { status: 204 };
    const replayAt = new Date(now.getTime() + 3600_000);
    const replayed = await replayDelivery(deps, ctx, row!.id, replayAt);
    expect(replayed).toMatchObject({ status: 'pending', next_attempt_at: replayAt.toISOString() });
    const delivered = await attemptDelivery(deps, row!.id, replayAt);
    expect(delivered).toMatchObject({ status: 'delivered', lastStatusCode: 204 });
    expect((await deliveriesOf(deps, ctx, channel.id, { limit: 10 }, true)).items).toEqual([]);
  });

  it('dead-letters at once on a 4xx other than 408/429 (no retry can fix it)', async () => {
    const channel = await webhook();
    receiver.script.push({ status: 410, body: 'gone' });
    const test = await testChannel(deps, ctx, channel.id, new Date('2030-03-01T00:00:00Z'));
    expect(test).toMatchObject({
      ok: false,
      delivery: { status: 'dead', attempts: 1, last_status_code: 410, last_error: 'HTTP 410: gone' },
    });
    receiver.script.push({ status: 408 });
    const timeout = await testChannel(deps, ctx, channel.id, new Date('2030-03-01T00:00:00Z'));
    expect(timeout.delivery.status).toBe('retrying');
  });

  it('holds trigger and resolve during quiet hours, sends one digest at their end, lets critical through', async () => {
    const quiet = { start: '22:00', end: '07:00', timezone: 'Europe/Paris', bypass_severity: 'critical' as const };
    const channel = await webhook({ quiet_hours: quiet });
    // 23:30 Paris = 22:30 UTC in January.
    let now = new Date('2030-01-10T22:30:00Z');
    const router = notificationRouter(() => now);
    const cpu = alertData({ severity: 'warning' });
    const route = async (
      type: 'alert.triggered' | 'alert.resolved' | 'alert.escalated',
      data: ReturnType<typeof alertData>,
      extra = {},
    ) => {
      const event = await emitAlert(deps.db, ctx.organisationId, type, data, extra);
      await router.handle(deps.db, [event]);
      // At-least-once: the same event handed again makes nothing new.
      await router.handle(deps.db, [event]);
    };
    await route('alert.triggered', cpu);
    now = new Date('2030-01-10T23:00:00Z');
    await route('alert.escalated', cpu, { level: 1 });
    const disk = alertData({ severity: 'critical', summary: 'Disk of pve1 full' });
    await route('alert.triggered', disk);
    now = new Date('2030-01-11T01:15:00Z');
    await route('alert.resolved', cpu, { duration_seconds: 9900 });

    const log = async () => (await deliveriesOf(deps, ctx, channel.id, { limit: 50 })).items;
    const rows = await log();
    // Three held (trigger, escalation, resolve of the warning); the critical one went out at once.
    expect(rows.filter((r) => r.status === 'held')).toHaveLength(3);
    const bypass = rows.find((r) => r.severity === 'critical')!;
    expect(bypass.status).toBe('pending');
    expect((await attemptDelivery(deps, bypass.id, now))?.status).toBe('delivered');

    // 06:59 Paris: still quiet, nothing to digest; 07:00 Paris (06:00 UTC): one digest.
    expect(await sendDueDigests(deps.db, new Date('2030-01-11T05:59:00Z'))).toEqual([]);
    const digests = await sendDueDigests(deps.db, new Date('2030-01-11T06:00:00Z'));
    expect(digests).toHaveLength(1);
    expect(await sendDueDigests(deps.db, new Date('2030-01-11T06:01:00Z'))).toEqual([]);
    const digest = digests[0]!;
    expect(digest).toMatchObject({ eventType: 'alert.digest', channelId: channel.id, status: 'pending' });
    expect(await attemptDelivery(deps, digest.id, new Date('2030-01-11T06:00:00Z'))).toMatchObject({ status: 'delivered' });

    const sent = receiver.requests.map((r) => JSON.parse(r.body) as { type: string; data: { entries?: DigestEntry[] } });
    expect(sent.map((s) => s.type)).toEqual(['alert.triggered', 'alert.digest']);
    const entries = sent[1]!.data.entries!;
    expect(entries.map((e) => e.type)).toEqual(['alert.triggered', 'alert.escalated', 'alert.resolved']);
    expect(entries.every((e) => e.alert_id === cpu.alert_id)).toBe(true);
    expect((await log()).filter((r) => r.status === 'held')).toEqual([]);
    expect((await log()).filter((r) => r.status === 'digested')).toHaveLength(3);
  });

  it("holds a person's e-mail by their own quiet hours and time zone", async () => {
    await putPreferences(deps, ctx.user, {
      min_severity: 'info',
      quiet_hours: { start: '20:00', end: '08:00', timezone: 'Asia/Tokyo', bypass_severity: null },
    });
    // 21:00 in Tokyo (12:00 UTC): held, even the critical one (no bypass).
    const now = new Date('2030-01-10T12:00:00Z');
    const event = await emitAlert(deps.db, ctx.organisationId, 'alert.triggered', alertData({ severity: 'critical' }));
    await notificationRouter(() => now).handle(deps.db, [event]);
    const digests = await sendDueDigests(deps.db, new Date('2030-01-10T23:00:00Z'));
    expect(digests.filter((d) => d.userId === ctx.user.id)).toHaveLength(1);
    expect(digests.find((d) => d.userId === ctx.user.id)?.payload).toMatchObject({ entries: [{ severity: 'critical' }] });
  });

  it("holds a personal channel by its owner's quiet hours unless it has its own; organisation channels are not held", async () => {
    await putPreferences(deps, ctx.user, {
      email: false,
      quiet_hours: { start: '20:00', end: '08:00', timezone: 'Asia/Tokyo', bypass_severity: null },
    });
    const personal = (name: string, quiet_hours: QuietHours | null = null) =>
      createChannel(deps, ctx, { owner: 'me', type: 'slack', name, url: receiver.url('/mine'), quiet_hours });
    const follows = await personal('follows me');
    const own = await personal('own hours', { start: '03:00', end: '04:00', timezone: 'UTC', bypass_severity: null });
    const shared = await createChannel(deps, ctx, { type: 'slack', name: 'team', url: receiver.url('/team') });
    // 21:00 in Tokyo (12:00 UTC): the person's quiet hours.
    const now = new Date('2030-01-10T12:00:00Z');
    const event = await emitAlert(deps.db, ctx.organisationId, 'alert.triggered', alertData({ severity: 'critical' }));
    await notificationRouter(() => now).handle(deps.db, [event]);
    const statusOf = async (id: string) => (await deliveriesOf(deps, ctx, id, { limit: 5 })).items.map((d) => d.status);
    expect(await statusOf(follows.id)).toEqual(['held']);
    expect(await statusOf(own.id)).toEqual(['pending']);
    expect(await statusOf(shared.id)).toEqual(['pending']);
    // 08:00 in Tokyo: one digest to the personal channel.
    const digests = await sendDueDigests(deps.db, new Date('2030-01-10T23:00:00Z'));
    expect(digests.filter((d) => d.channelId === follows.id)).toHaveLength(1);
  });
});
