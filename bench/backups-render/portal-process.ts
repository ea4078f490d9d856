/**
 * The seeded portal for bench/backups-render, in a process of its own (forked by run.ts), as in production and as
 * bench/dashboard-render does (Playwright's driver handles every DevTools event of the page on the event loop of
 * the process that calls it; a portal in that process would answer the measured page late).
 *
 * Hosts and guests come from the simulated PVE hosts through the real POST /api/hosts (bench/api-read's
 * seeded-portal.ts). The backups are then written in SQL, as bench/backup-inventory does: `backupsPerGuest`
 * nightly backups per guest on each host's `local` storage (the storage the simulated hosts list their backups
 * on), in the shape the inventory's refresh stores a PVE directory storage's volumes (volid, format, no PBS
 * verification), with that storage recorded readable.
 *
 * The inventory's refresh loop (backups.jobs.ts) would replace each storage's rows with what the simulated host
 * lists (one to three backups for most guests), and drop the rows of a storage the host does not list, whatever
 * its name. So, before the rows are written, every host's next refresh is set a day ahead in `backup_hosts`
 * (after each refresh the server itself leaves a host alone for 15 minutes) and the refreshes already handed out
 * are waited for; their rows (the simulator's backups) are then replaced by the seeded ones.
 *
 * Protocol (IPC): receives `{ webDist, sizes: [hosts, guestsPerHost][], backupsPerGuest }`, answers
 * `{ url, sessions }` (one session per size, in order) or `{ error }`; closes everything when the parent
 * disconnects.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { startSeededPortal } from '../api-read/seeded-portal';

interface Request {
  webDist: string;
  sizes: [number, number][];
  backupsPerGuest: number;
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Every host of these organisations is next due for its inventory refresh a day from now. */
async function holdOffRefreshes(db: Db, orgIds: string[]): Promise<void> {
  for (const orgId of orgIds)
    await db.execute(sql`
      insert into backup_hosts (host_id, organisation_id, next_refresh_at)
      select h.id, h.organisation_id, now() + interval '1 day' from hosts h where h.organisation_id = ${orgId}::uuid
      on conflict (host_id) do update set next_refresh_at = excluded.next_refresh_at`);
}

/** Waits until no inventory refresh is queued or running (pg-boss's job table in the portal's database). */
async function refreshesDone(db: Db): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [open] = rows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from pgboss.job
        where name = 'backup-inventory' and state in ('created', 'retry', 'active')`),
    );
    if (open!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${open!.n} backup inventory refreshes still open after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The organisation's inventory becomes `perGuest` nightly backups of each of its guests on its host's `local`
 * storage: one a night at 21:00 plus a few minutes (the vmid's), newest yesterday. Returns how many.
 */
async function seedBackups(db: Db, orgId: string, perGuest: number): Promise<number> {
  await db.execute(sql`delete from backups where organisation_id = ${orgId}::uuid`);
  await db.execute(sql`delete from backup_storages where organisation_id = ${orgId}::uuid`);
  await db.execute(sql`
    insert into backups (organisation_id, host_id, guest_id, vmid, guest_type, source, storage, volid, backup_time,
      size_bytes, format, verify_state, encrypted, protected, notes)
    select ${orgId}::uuid, g.host_id, g.id, g.vmid, g.type, 'pve-storage', 'local',
      'local:backup/vzdump-' || g.type || '-' || g.vmid || '-' || to_char(t.at at time zone 'UTC', 'YYYY_MM_DD-HH24_MI_SS')
        || case when g.type = 'qemu' then '.vma.zst' else '.tar.zst' end,
      t.at, 1000000000 + (g.vmid * 7919 % 1000000) * 1000 + d * 4096,
      case when g.type = 'qemu' then 'vma.zst' else 'tar.zst' end, null, null, false, g.name
    from guests g
    cross join generate_series(1, ${perGuest}) as s(d)
    cross join lateral (
      select date_trunc('day', now()) - (d || ' days')::interval + interval '21 hours' + ((g.vmid % 60) || ' minutes')::interval as at
    ) t
    where g.organisation_id = ${orgId}::uuid and g.gone_at is null`);
  await db.execute(sql`
    insert into backup_storages (host_id, storage, organisation_id, type, shared, readable, error, backup_count, checked_at)
    select h.id, 'local', h.organisation_id, 'dir', false, true, null,
      (select count(*) from backups b where b.host_id = h.id), now()
    from hosts h where h.organisation_id = ${orgId}::uuid`);
  const [count] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from backups where organisation_id = ${orgId}::uuid`),
  );
  return count!.n;
}

process.once('message', (request: Request) => {
  void (async () => {
    try {
      const portal = await startSeededPortal({ webDist: request.webDist });
      process.once('disconnect', () => {
        void portal.close().finally(() => process.exit(0));
      });
      const seeded = [];
      for (const [hosts, perHost] of request.sizes) seeded.push(await portal.seed(hosts, perHost));
      const db = portal.database.db;
      const orgIds = seeded.map((s) => String(s.user.organisation_id));
      await holdOffRefreshes(db, orgIds);
      await refreshesDone(db);
      // A refresh that ended after the hold-off set its host 15 minutes ahead: a day again.
      await holdOffRefreshes(db, orgIds);
      const t0 = performance.now();
      const sessions = [];
      for (const [i, s] of seeded.entries())
        sessions.push({ ...s, backups: await seedBackups(db, orgIds[i]!, request.backupsPerGuest) });
      await db.execute(sql`analyze backups`);
      const seedMs = performance.now() - t0;
      process.send?.({ url: portal.url, sessions, seedMs });
    } catch (err) {
      process.send?.({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.exit(1);
    }
  })();
});
