import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hosts, metricBackfills, storages } from '../../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../../testing/database';
import { buildOrganisation } from '../../../testing/factories';
import { emitEvent } from '../../../events/outbox';
import { dispatchOnce } from '../../../events/dispatcher';
import { backfillSubscriber, BACKFILL_LEASE_MS, claimBackfills, enrolExistingHosts, failStale } from './backfill-state';

// The backfill's queue on a real database: queued by host.added, handed out once the first poll is in, leased, and
// failed with a reason when the host never answers.

describe.each(TEST_DATABASE_KINDS)('backfill queue on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let org: string;
  const newHost = async (name: string) => {
    const [h] = await database.db
      .insert(hosts)
      .values({
        organisationId: org,
        name,
        pveUrl: 'https://192.0.2.10:8006',
        pveNode: 'pve1',
        username: 'root@pam',
        authType: 'token',
        tokenName: 'portal',
        secretEncrypted: 'x',
      })
      .returning();
    return h!;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    org = (await buildOrganisation(database.db)).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('queues once per added host, waits for its first poll, then hands it out to one claimant at a time', async () => {
    const db = database.db;
    const h = await newHost('a');
    const gone = crypto.randomUUID();
    // A subscriber starts at the newest event (its cursor is made on its first pass).
    const sub = { ...backfillSubscriber, name: `test-${crypto.randomUUID()}` };
    await dispatchOnce(db, sub);
    await emitEvent(db, org, 'host.added', { host_id: h.id, name: h.name });
    await emitEvent(db, org, 'host.added', { host_id: h.id, name: h.name });
    // A host deleted before the subscriber ran: nothing queued, and the subscriber does not get stuck on it.
    await emitEvent(db, org, 'host.added', { host_id: gone, name: 'gone' });
    expect(await dispatchOnce(db, sub)).toBe(3);
    const rows = await db.select().from(metricBackfills).where(eq(metricBackfills.organisationId, org));
    expect(rows.map((r) => [r.hostId, r.state])).toEqual([[h.id, 'queued']]);

    const now = new Date();
    expect(await claimBackfills(db, now)).toEqual([]); // no poll yet
    await db.update(hosts).set({ inventoryAt: now }).where(eq(hosts.id, h.id));
    expect(await claimBackfills(db, now)).toEqual([]); // polled, storages not recorded yet
    await db
      .insert(storages)
      .values({ organisationId: org, hostId: h.id, node: 'pve1', name: 'local', type: 'dir', status: 'available' });
    const [claim] = await claimBackfills(db, now);
    expect(claim).toMatchObject({ hostId: h.id, owner: expect.any(String) });
    expect(await claimBackfills(db, new Date(now.getTime() + BACKFILL_LEASE_MS - 1000))).toEqual([]);
    const [again] = await claimBackfills(db, new Date(now.getTime() + BACKFILL_LEASE_MS + 1000));
    expect(again!.owner).not.toBe(claim!.owner);
  });

  it('fails a backfill whose host has not answered for a day, with the reason', async () => {
    const db = database.db;
    const h = await newHost('never');
    await db
      .insert(metricBackfills)
      .values({ hostId: h.id, organisationId: org, createdAt: new Date(Date.now() - 25 * 3600_000) });
    const fresh = await newHost('fresh');
    await db.insert(metricBackfills).values({ hostId: fresh.id, organisationId: org });
    expect(await failStale(db, new Date())).toBe(1);
    const [row] = await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, h.id));
    expect(row).toMatchObject({ state: 'failed', error: expect.stringMatching(/has not answered/) });
    expect(row!.finishedAt).toBeInstanceOf(Date);
    const [other] = await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, fresh.id));
    expect(other!.state).toBe('queued');
  });

  it('queues a backfill for hosts added before backfills existed, once', async () => {
    const db = database.db;
    const old = await newHost('from an older version');
    await enrolExistingHosts(db);
    await enrolExistingHosts(db);
    const rows = await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, old.id));
    expect(rows.map((r) => r.state)).toEqual(['queued']);
  });
});
