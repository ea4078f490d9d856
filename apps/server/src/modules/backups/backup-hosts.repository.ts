import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupHosts, hosts } from '../../db/schema';

export type BackupHostRow = typeof backupHosts.$inferSelect;

// Each host's inventory refresh: when due, leased to one replica at a time.

/** How long a refresh handed out may run before it is handed out again. */
export const REFRESH_LEASE_MS = 10 * 60_000;

/**
 * Hands out up to `limit` hosts whose inventory refresh is due (a host without a row is due at once), pushing
 * each one's next refresh a lease ahead in the same statement: one replica per host and cycle.
 */
export async function claimDueBackupHosts(db: Db, now: Date, limit: number): Promise<{ hostId: string }[]> {
  await db.execute(sql`
    insert into ${backupHosts} (host_id, organisation_id, next_refresh_at)
    select h.id, h.organisation_id, ${now.toISOString()}::timestamptz from ${hosts} h
    where not exists (select 1 from ${backupHosts} b where b.host_id = h.id)
    on conflict do nothing`);
  const due = db
    .select({ hostId: backupHosts.hostId })
    .from(backupHosts)
    .where(lte(backupHosts.nextRefreshAt, now))
    .orderBy(asc(backupHosts.nextRefreshAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(backupHosts)
    .set({ nextRefreshAt: new Date(now.getTime() + REFRESH_LEASE_MS) })
    .where(inArray(backupHosts.hostId, due))
    .returning({ hostId: backupHosts.hostId });
}

/**
 * A refresh ended: the host is next due at `next`, unless a refresh was asked meanwhile (next_refresh_at moved
 * before the lease's end), which stands.
 */
export async function recordRefresh(
  db: Db,
  host: { id: string; organisationId: string },
  started: Date,
  next: Date,
  values: Partial<Omit<BackupHostRow, 'hostId' | 'organisationId' | 'nextRefreshAt'>>,
): Promise<void> {
  const leaseEnd = new Date(started.getTime() + REFRESH_LEASE_MS).toISOString();
  await db
    .insert(backupHosts)
    .values({ hostId: host.id, organisationId: host.organisationId, nextRefreshAt: next, ...values })
    .onConflictDoUpdate({
      target: backupHosts.hostId,
      set: {
        ...values,
        nextRefreshAt: sql`case when ${backupHosts.nextRefreshAt} > ${started.toISOString()}::timestamptz
          and ${backupHosts.nextRefreshAt} < ${leaseEnd}::timestamptz then ${backupHosts.nextRefreshAt}
          else ${next.toISOString()}::timestamptz end`,
      },
    });
}

export async function backupHostsOf(db: Db, organisationId: string): Promise<BackupHostRow[]> {
  return db.select().from(backupHosts).where(eq(backupHosts.organisationId, organisationId));
}
