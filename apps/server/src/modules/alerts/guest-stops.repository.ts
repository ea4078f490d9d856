import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertGuestStops, guests, tasks } from '../../db/schema';

// What the guest_down check reads and writes: the recorded stops, and the guests' locks, places and tasks.

export type GuestStopRow = typeof alertGuestStops.$inferSelect;

/** Records a running guest seen stopped (once per event). */
export async function recordGuestStops(db: Db, rows: (typeof alertGuestStops.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(alertGuestStops).values(rows).onConflictDoNothing({ target: alertGuestStops.eventId });
}

/** Stops not checked yet, oldest first. */
export async function pendingGuestStops(db: Db, organisationId: string, limit = 100): Promise<GuestStopRow[]> {
  return db
    .select()
    .from(alertGuestStops)
    .where(and(eq(alertGuestStops.organisationId, organisationId), isNull(alertGuestStops.checkedAt)))
    .orderBy(asc(alertGuestStops.stoppedAt))
    .limit(limit);
}

export async function markGuestStopChecked(db: Db, id: string, outcome: string, at: Date): Promise<void> {
  await db.update(alertGuestStops).set({ outcome, checkedAt: at }).where(eq(alertGuestStops.id, id));
}

/** Checked stops older than `before` are forgotten (their outcome only matters for a while, for tests and support). */
export async function pruneGuestStops(db: Db, organisationId: string, before: Date): Promise<void> {
  await db
    .delete(alertGuestStops)
    .where(
      and(
        eq(alertGuestStops.organisationId, organisationId),
        lt(alertGuestStops.stoppedAt, before),
        sql`${alertGuestStops.checkedAt} is not null`,
      ),
    );
}

/** The PVE lock of each guest still on its host (null: none); gone guests are absent. */
export async function guestLocks(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: guests.id, lock: guests.lock })
    .from(guests)
    .where(and(inArray(guests.id, [...ids]), isNull(guests.goneAt)));
  return new Map(rows.map((r) => [r.id, r.lock]));
}

/** Where a guest still on its host is: its host, node, vmid and type. */
export async function guestPlace(
  db: Db,
  id: string,
): Promise<{ hostId: string; node: string; vmid: number; type: 'qemu' | 'lxc' } | undefined> {
  const [row] = await db
    .select({ hostId: guests.hostId, node: guests.node, vmid: guests.vmid, type: guests.type })
    .from(guests)
    .where(and(eq(guests.id, id), isNull(guests.goneAt)));
  return row;
}

/**
 * A portal task on the guest that explains a stop at about that time: one created, running or ended within
 * [from, to] (guest actions, bulk and schedule children, snapshots: every task on a guest names it).
 */
export async function portalTasksAround(
  db: Db,
  guestId: string,
  from: Date,
  to: Date,
): Promise<{ id: string; kind: string } | undefined> {
  const [row] = await db
    .select({ id: tasks.id, kind: tasks.kind })
    .from(tasks)
    .where(
      and(
        eq(tasks.guestId, guestId),
        lte(tasks.createdAt, to),
        or(inArray(tasks.status, ['queued', 'running']), gte(tasks.endedAt, from), gte(tasks.createdAt, from)),
      ),
    )
    .limit(1);
  return row;
}
