import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { BackfillStatus } from '@proxai/contract';
import type { Db } from '../../../db/client';
import { hosts, metricBackfills } from '../../../db/schema';
import type { Subscriber } from '../../../events/dispatcher';

// The backfill's progress rows (metric_backfills): queued when a host is added, leased by the job running it.

export type BackfillRow = typeof metricBackfills.$inferSelect;

/** How long a claimed backfill is not handed out again without its job renewing the lease (after every subject). */
export const BACKFILL_LEASE_MS = 2 * 60_000;
/** A host whose first poll has not succeeded after this long: the backfill fails, saying why. */
export const FIRST_POLL_WAIT_MS = 24 * 3600_000;

/** 'host.added' → a queued backfill (once per host; nothing when the host was deleted meanwhile). */
export const backfillSubscriber: Subscriber = {
  name: 'metrics-backfill',
  types: ['host.added'],
  async handle(tx, batch) {
    for (const e of batch) {
      const hostId = (e.data as { host_id?: unknown }).host_id;
      if (typeof hostId !== 'string') continue;
      await tx.execute(sql`
        insert into metric_backfills (host_id, organisation_id)
        select id, organisation_id from hosts where id = ${hostId}::uuid and type = 'pve'
        on conflict (host_id) do nothing`);
    }
  },
};

/**
 * Queues a backfill for every host that has none: hosts added before this portal version had backfills get their
 * history too (run when a replica starts; the subscriber covers hosts added later).
 */
export async function enrolExistingHosts(db: Db): Promise<void> {
  await db.execute(sql`
    insert into metric_backfills (host_id, organisation_id)
    select id, organisation_id from hosts
    on conflict (host_id) do nothing`);
}

/**
 * Hands out the backfills that may run now, each leased to a new owner token: queued or interrupted ones whose
 * host's first poll listed its guests and storages (hosts.inventory_at) and whose retry time has come.
 */
export async function claimBackfills(db: Db, now: Date, limit = 20): Promise<{ hostId: string; owner: string }[]> {
  const due = db
    .select({ id: metricBackfills.hostId })
    .from(metricBackfills)
    .innerJoin(hosts, eq(hosts.id, metricBackfills.hostId))
    .where(
      and(
        inArray(metricBackfills.state, ['queued', 'running']),
        lte(metricBackfills.nextAttemptAt, now),
        or(isNull(metricBackfills.leasedUntil), lte(metricBackfills.leasedUntil, now)),
        isNotNull(hosts.inventoryAt),
        // The first poll recorded its storages (right after setting inventory_at); a host without any is taken
        // half a minute later.
        or(
          sql`exists (select 1 from storages s where s.host_id = ${metricBackfills.hostId})`,
          lte(hosts.inventoryAt, new Date(now.getTime() - 30_000)),
        ),
      ),
    )
    .orderBy(asc(metricBackfills.createdAt))
    .limit(limit)
    .for('update', { of: metricBackfills, skipLocked: true });
  const rows = await db
    .update(metricBackfills)
    .set({ leasedUntil: new Date(now.getTime() + BACKFILL_LEASE_MS), leaseOwner: sql`gen_random_uuid()::text` })
    .where(inArray(metricBackfills.hostId, due))
    .returning({ hostId: metricBackfills.hostId, owner: metricBackfills.leaseOwner });
  return rows.map((r) => ({ hostId: r.hostId, owner: r.owner ?? '' }));
}

/** Backfills still waiting for a host that never answered: failed with the reason, so none waits forever. */
export async function failStale(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(metricBackfills)
    .set({
      state: 'failed',
      finishedAt: now,
      leasedUntil: null,
      error: 'The host has not answered since it was added: no history could be read from it',
    })
    .where(
      and(
        eq(metricBackfills.state, 'queued'),
        lte(metricBackfills.createdAt, new Date(now.getTime() - FIRST_POLL_WAIT_MS)),
        sql`exists (select 1 from hosts h where h.id = ${metricBackfills.hostId} and h.inventory_at is null)`,
      ),
    )
    .returning({ hostId: metricBackfills.hostId });
  return rows.length;
}

/** The row, if `owner` still holds it. */
export async function heldBackfill(db: Db, hostId: string, owner: string): Promise<BackfillRow | undefined> {
  const [row] = await db
    .select()
    .from(metricBackfills)
    .where(and(eq(metricBackfills.hostId, hostId), eq(metricBackfills.leaseOwner, owner)));
  return row;
}

/** Changes the row while `owner` holds it, renewing the lease; false when the lease was lost (another job took over). */
export async function updateHeld(
  db: Db,
  hostId: string,
  owner: string,
  now: Date,
  set: Partial<Pick<BackfillRow, 'state' | 'total' | 'error' | 'startedAt'>> & { doneKey?: string },
): Promise<boolean> {
  const { doneKey, ...rest } = set;
  const rows = await db
    .update(metricBackfills)
    .set({
      ...rest,
      ...(doneKey ? { doneKeys: sql`array_append(${metricBackfills.doneKeys}, ${doneKey}::text)` } : {}),
      leasedUntil: new Date(now.getTime() + BACKFILL_LEASE_MS),
    })
    .where(and(eq(metricBackfills.hostId, hostId), eq(metricBackfills.leaseOwner, owner)))
    .returning({ hostId: metricBackfills.hostId });
  return rows.length > 0;
}

/** The backfill ended (done or failed), or waits (queued again, with the reason) until `retryAt` after the host failed as a whole. */
export async function finishHeld(
  db: Db,
  hostId: string,
  owner: string,
  now: Date,
  outcome: { state: 'done' | 'failed'; error: string | null } | { retryAt: Date; error: string },
): Promise<void> {
  const set =
    'state' in outcome
      ? { state: outcome.state, error: outcome.error, finishedAt: now }
      : {
          state: 'queued' as const,
          error: outcome.error,
          nextAttemptAt: outcome.retryAt,
          attempts: sql`${metricBackfills.attempts} + 1`,
        };
  await db
    .update(metricBackfills)
    .set({ ...set, leasedUntil: null, leaseOwner: null })
    .where(and(eq(metricBackfills.hostId, hostId), eq(metricBackfills.leaseOwner, owner)));
}

export function toStatus(row: BackfillRow): BackfillStatus {
  return {
    state: row.state,
    done: Math.min(row.doneKeys.length, row.total || row.doneKeys.length),
    total: row.total,
    error: row.error,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function backfillsOf(db: Db, organisationId: string): Promise<Map<string, BackfillRow>> {
  const rows = await db.select().from(metricBackfills).where(eq(metricBackfills.organisationId, organisationId));
  return new Map(rows.map((r) => [r.hostId, r]));
}
