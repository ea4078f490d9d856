import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, eventCursors, events } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../testing/database';
import { buildOrganisation } from '../testing/factories';
import { auditSubscriber } from '../modules/audit/audit.subscriber';
import { dispatchOnce, passNeeded, type Subscriber } from './dispatcher';
import { emitEvent, pruneEvents, type EventRow } from './outbox';

describe.each(TEST_DATABASE_KINDS)('durable event subscribers on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let org: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    org = (await buildOrganisation(database.db)).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const recorder = (name: string) => {
    const seen: EventRow[] = [];
    const subscriber: Subscriber = {
      name,
      types: ['host.added', 'host.removed'],
      handle: async (_tx, batch) => {
        seen.push(...batch);
      },
    };
    return { subscriber, seen };
  };

  it('a new subscriber starts after the newest event, then gets each later event of its types', async () => {
    const db = database.db;
    await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'before' });
    const { subscriber, seen } = recorder(`rec-${Date.now()}`);
    expect(await dispatchOnce(db, subscriber)).toBe(0);
    await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'after' });
    await emitEvent(db, org, 'host.online', { host_id: crypto.randomUUID(), name: 'not its type' });
    expect(await dispatchOnce(db, subscriber)).toBe(1);
    expect(seen.map((e) => e.data.name)).toContain('after');
    expect(seen.map((e) => e.data.name)).not.toContain('before');
    expect(seen.map((e) => e.data.name)).not.toContain('not its type');
  });

  it('an event that committed after a newer one was handled is still delivered', async () => {
    const db = database.db;
    const { subscriber, seen } = recorder(`late-${Date.now()}`);
    await dispatchOnce(db, subscriber);
    // A transaction takes its event id, then commits after another one's event was dispatched.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = db.transaction(async (tx) => {
      await emitEvent(tx, org, 'host.added', { host_id: crypto.randomUUID(), name: 'slow' });
      await held;
    });
    await new Promise((r) => setTimeout(r, 50));
    if (kind === 'postgres') {
      await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'fast' });
      await dispatchOnce(db, subscriber);
      expect(seen.map((e) => e.data.name)).toContain('fast');
    }
    release();
    await slow;
    await dispatchOnce(db, subscriber);
    expect(seen.map((e) => e.data.name)).toContain('slow');
  });

  it('the audit log records each event once, with who did it, however often it is delivered', async () => {
    const db = database.db;
    await dispatchOnce(db, auditSubscriber);
    const hostId = crypto.randomUUID();
    await emitEvent(
      db,
      org,
      'host.removed',
      { host_id: hostId, name: 'pve9' },
      { type: 'user', id: null, name: 'ada@example.org', ip: '192.0.2.7' },
    );
    await dispatchOnce(db, auditSubscriber);
    // Delivered again (within the late window): still one record.
    await dispatchOnce(db, auditSubscriber);
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.target, hostId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'host.delete', outcome: 'success', actorEmail: 'ada@example.org', ip: '192.0.2.7' });
    expect(rows[0]!.eventId).toEqual(expect.any(Number));
  });

  it('pruning old events keeps those a subscriber has not read', async () => {
    const db = database.db;
    const name = `slowpoke-${Date.now()}`;
    await db.insert(eventCursors).values({ subscriber: name, lastEventId: 0 });
    const [oldest] = await db.select({ id: sql<number>`min(${events.id})`.mapWith(Number) }).from(events);
    await pruneEvents(db, new Date(Date.now() + 60_000));
    const [still] = await db.select({ id: sql<number>`min(${events.id})`.mapWith(Number) }).from(events);
    expect(still?.id).toBe(oldest?.id);
    await db.delete(eventCursors).where(eq(eventCursors.subscriber, name));
  });

  it('an idle tick runs no pass: only a new event, a cursor left behind or a recent event makes one', async () => {
    const db = database.db;
    const a = recorder(`idle-a-${Date.now()}`);
    const b = recorder(`idle-b-${Date.now()}`);
    const both = [a.subscriber, b.subscriber];
    await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'before' });
    // Cursors not made yet: a pass makes them (at the newest event: 'before' is not theirs).
    expect(await passNeeded(db, both, new Date(Date.now() + 31_000))).toBe(true);
    for (const s of both) await dispatchOnce(db, s);
    await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'idle' });
    for (const s of both) await dispatchOnce(db, s);
    // Caught up, but the newest event is recent: one with a lower id may still commit.
    expect(await passNeeded(db, both)).toBe(true);
    const later = new Date(Date.now() + 31_000);
    expect(await passNeeded(db, both, later)).toBe(false);
    // A new event, not yet handled by either.
    await emitEvent(db, org, 'host.added', { host_id: crypto.randomUUID(), name: 'new' });
    expect(await passNeeded(db, both, new Date(Date.now() + 31_000))).toBe(true);
    await dispatchOnce(db, a.subscriber);
    // One subscriber still behind (its handler failed, or its replica died holding the cursor).
    expect(await passNeeded(db, both, new Date(Date.now() + 31_000))).toBe(true);
    await dispatchOnce(db, b.subscriber);
    expect(await passNeeded(db, both, new Date(Date.now() + 31_000))).toBe(false);
    // At least once (recent events are read again): each of its events, none before its cursor.
    expect([...new Set(b.seen.map((e) => e.data.name))]).toEqual(['idle', 'new']);
  });
});
