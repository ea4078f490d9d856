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

/** A failed refresh is tried again after this, doubling with each failure in a row (up to the usual interval). */
export const REFRESH_RETRY_FIRST_MS = 60_000;

/**
 * A refresh ended: the host is next due at `next` (the usual interval) after one that worked; after a failure, sooner:
 * 1 minute after the first failure in a row, 2 after the second, 4… never later than `next`. Either way, a refresh
 * asked meanwhile (next_refresh_at moved before the lease's end) stands.
 */
export async function recordRefresh(
  db: Db,
  host: { id: string; organisationId: string },
  started: Date,
  next: Date,
  values: Partial<Omit<BackupHostRow, 'hostId' | 'organisationId' | 'nextRefreshAt' | 'refreshFailures'>>,
  failed = false,
): Promise<void> {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const leaseEnd = new Date(started.getTime() + REFRESH_LEASE_MS);
  // The failures before this one: 0 → 1 minute, 1 → 2… (the exponent is capped: 2^10 minutes is past any interval).
  const retryAt = sql`least(${at(next)}, ${at(started)} + interval '1 millisecond' * ${REFRESH_RETRY_FIRST_MS} * power(2, least(${backupHosts.refreshFailures}, 10)))`;
  const due = failed ? retryAt : at(next);
  await db
    .insert(backupHosts)
    .values({
      hostId: host.id,
      organisationId: host.organisationId,
      nextRefreshAt: failed ? new Date(Math.min(next.getTime(), started.getTime() + REFRESH_RETRY_FIRST_MS)) : next,
      refreshFailures: failed ? 1 : 0,
      ...values,
    })
    .onConflictDoUpdate({
      target: backupHosts.hostId,
      set: {
        ...values,
        refreshFailures: failed ? sql`${backupHosts.refreshFailures} + 1` : 0,
        nextRefreshAt: sql`case when ${backupHosts.nextRefreshAt} > ${at(started)}
          and ${backupHosts.nextRefreshAt} < ${at(leaseEnd)} then ${backupHosts.nextRefreshAt} else ${due} end`,
      },
    });
}

export async function backupHostsOf(db: Db, organisationId: string): Promise<BackupHostRow[]> {
  return db.select().from(backupHosts).where(eq(backupHosts.organisationId, organisationId));
}
