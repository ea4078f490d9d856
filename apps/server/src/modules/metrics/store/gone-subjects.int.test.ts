import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { guests, hosts, storages } from '../../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../../testing/database';
import { buildOrganisation } from '../../../testing/factories';
import { runRetention, writeHistory, type Subject } from './index';

// Retention of subjects that left the fleet: a guest gone for a week, and a removed host with its guests and
// storages (rows deleted), lose their history then, not after 400 days; live subjects keep theirs. Time is the
// `now` argument.

const DAY = 86400;
/** A fixed "today": 2026-06-01T00:00:00Z. */
const T = Date.UTC(2026, 5, 1) / 1000;
const at = (s: number) => new Date(s * 1000);

describe.each(TEST_DATABASE_KINDS)('retention of gone subjects on %s', (kind) => {
  let database: Database;
  let org: string;
  const s: Record<string, Subject> = {};

  /** 5-minute history of `subject` from `from` to `to` (epoch seconds). */
  const history = async (subject: Subject, from: number, to: number) => {
    const rows = [];
    for (let t = from; t < to; t += 300) rows.push({ t, avg: { cpu: 0.2 }, max: { cpu: 0.3 } });
    await writeHistory(database.db, org, subject, 300, rows, at(T));
  };
  /** How many blocks each subject has. */
  const blocks = async () => {
    const res = await database.db.execute(
      sql`select subject_id::text as id, count(*)::int as n from metric_blocks group by subject_id`,
    );
    const n = new Map((res as { rows: { id: string; n: number }[] }).rows.map((r) => [r.id, r.n]));
    return Object.fromEntries(Object.entries(s).map(([name, subject]) => [name, n.get(subject.id) ?? 0]));
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    org = (await buildOrganisation(database.db)).id;
    const [host] = await database.db
      .insert(hosts)
      .values({
        organisationId: org,
        name: 'pve1',
        pveUrl: 'https://127.0.0.1:1',
        pveNode: 'pve',
        username: 'root@pam',
        authType: 'password',
        secretEncrypted: 'x',
      })
      .returning();
    const hostId = host!.id;
    const rows = await database.db
      .insert(guests)
      .values(
        [101, 102, 103].map((vmid) => ({
          hostId,
          organisationId: org,
          vmid,
          node: 'pve',
          type: 'qemu' as const,
          name: `vm-${vmid}`,
          state: 'running',
        })),
      )
      .returning({ id: guests.id });
    const [live, goneLong, goneLately] = rows.map((r) => r.id) as [string, string, string];
    await database.db
      .update(guests)
      .set({ goneAt: at(T - 8 * DAY) })
      .where(eq(guests.id, goneLong));
    await database.db
      .update(guests)
      .set({ goneAt: at(T - 2 * DAY) })
      .where(eq(guests.id, goneLately));
    const [storage] = await database.db
      .insert(storages)
      .values({ organisationId: org, hostId, node: 'pve', name: 'local', type: 'dir', status: 'available' })
      .returning();
    Object.assign(s, {
      node: { kind: 'node', id: hostId },
      storage: { kind: 'storage', id: storage!.id },
      live: { kind: 'guest', id: live },
      goneLong: { kind: 'guest', id: goneLong },
      goneLately: { kind: 'guest', id: goneLately },
      // No row: history ten days old (its host removed long ago), and fresh history (a row not committed yet).
      staleOrphan: { kind: 'guest', id: randomUUID() },
      freshOrphan: { kind: 'node', id: randomUUID() },
    } satisfies Record<string, Subject>);
    for (const name of ['node', 'storage', 'live', 'goneLately', 'freshOrphan']) await history(s[name]!, T - 2 * DAY, T);
    await history(s.goneLong!, T - 10 * DAY, T - 8 * DAY);
    await history(s.staleOrphan!, T - 12 * DAY, T - 10 * DAY);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('drops a guest gone for more than a week and row-less history older than a week, keeps the rest', async () => {
    const before = await blocks();
    expect(Object.values(before).every((n) => n > 0)).toBe(true);
    const out = await runRetention(database.db, at(T));
    expect(out.gone).toBe(before.goneLong! + before.staleOrphan!);
    expect(await blocks()).toEqual({ ...before, goneLong: 0, staleOrphan: 0 });
    // Again: nothing more to drop.
    expect((await runRetention(database.db, at(T))).gone).toBe(0);
    // Six days on, the guest gone two days before T has been gone for eight.
    await runRetention(database.db, at(T + 6 * DAY));
    expect(await blocks()).toEqual({ ...before, goneLong: 0, staleOrphan: 0, goneLately: 0 });
  });

  it("drops a removed host's node, guest and storage history a week after its last sample", async () => {
    const before = await blocks();
    await database.db.delete(hosts).where(eq(hosts.id, s.node!.id));
    expect(await database.db.select().from(guests).where(eq(guests.id, s.live!.id))).toEqual([]);
    // Its last samples are at T: kept while within the week.
    await runRetention(database.db, at(T + 6 * DAY));
    expect(await blocks()).toEqual(before);
    await runRetention(database.db, at(T + 9 * DAY));
    expect(await blocks()).toEqual({ ...before, node: 0, storage: 0, live: 0, freshOrphan: 0 });
  });
});
