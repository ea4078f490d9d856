import { and, arrayOverlaps, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Selector } from '@proxai/contract';
import type { Db } from '../../db/client';
import { guests, hosts, maintenanceWindows, schedules, tasks } from '../../db/schema';
import { emitEvent } from '../../events/outbox';
import { insertOccurrenceTask, type NewTaskRow, type TaskRow } from '../tasks/tasks.repository';
import { type EventActor } from '../../kernel/principal';

export type WindowRow = typeof maintenanceWindows.$inferSelect;
export type NewWindowRow = typeof maintenanceWindows.$inferInsert;
export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;

/** The position after a row in a list ordered by name, then id. */
export interface NameCursor {
  name: string;
  id: string;
}

const afterName = (table: typeof schedules | typeof maintenanceWindows, after?: NameCursor): SQL | undefined =>
  after ? or(gt(table.name, after.name), and(eq(table.name, after.name), gt(table.id, after.id))) : undefined;

/** Every change to windows and schedules tells the planner to redraw, in the transaction that makes it. */
const changed = (tx: Db, organisationId: string, ids: { scheduleId?: string; windowId: string | null }, actor: EventActor) =>
  emitEvent(tx, organisationId, 'schedule.changed', { schedule_id: ids.scheduleId ?? null, window_id: ids.windowId }, actor);

// --- Maintenance windows -----------------------------------------------------------------------------------------

export async function listWindows(db: Db, organisationId: string, limit: number, after?: NameCursor): Promise<WindowRow[]> {
  return db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.organisationId, organisationId), afterName(maintenanceWindows, after)))
    .orderBy(asc(maintenanceWindows.name), asc(maintenanceWindows.id))
    .limit(limit);
}

export async function findWindow(db: Db, organisationId: string, id: string): Promise<WindowRow | undefined> {
  const [row] = await db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.id, id), eq(maintenanceWindows.organisationId, organisationId)));
  return row;
}

export async function insertWindow(db: Db, values: NewWindowRow, actor: EventActor): Promise<WindowRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(maintenanceWindows).values(values).returning();
    if (!row) throw new Error('window insert returned nothing');
    await changed(tx, row.organisationId, { windowId: row.id }, actor);
    return row;
  });
}

export async function updateWindow(
  db: Db,
  organisationId: string,
  id: string,
  values: Partial<NewWindowRow>,
  actor: EventActor,
): Promise<WindowRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(maintenanceWindows)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(maintenanceWindows.id, id), eq(maintenanceWindows.organisationId, organisationId)))
      .returning();
    if (row) await changed(tx, organisationId, { windowId: id }, actor);
    return row;
  });
}

/** Deletes the organisation's window unless schedules use it: then answers their names and deletes nothing. */
export async function deleteUnusedWindow(
  db: Db,
  organisationId: string,
  id: string,
  actor: EventActor,
): Promise<{ deleted: boolean; usedBy: string[] }> {
  return db.transaction(async (tx) => {
    if (!(await findWindow(tx, organisationId, id))) return { deleted: false, usedBy: [] };
    const users = await tx
      .select({ name: schedules.name })
      .from(schedules)
      .where(eq(schedules.windowId, id))
      .orderBy(asc(schedules.name));
    if (users.length > 0) return { deleted: false, usedBy: users.map((u) => u.name) };
    const rows = await tx
      .delete(maintenanceWindows)
      .where(and(eq(maintenanceWindows.id, id), eq(maintenanceWindows.organisationId, organisationId)))
      .returning({ id: maintenanceWindows.id });
    if (rows.length > 0) await changed(tx, organisationId, { windowId: id }, actor);
    return { deleted: rows.length > 0, usedBy: [] };
  });
}

export async function windowsByIds(db: Db, ids: string[]): Promise<WindowRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(maintenanceWindows).where(inArray(maintenanceWindows.id, ids));
}

// --- Schedules ---------------------------------------------------------------------------------------------------

/**
 * The schedules a scoped API key sees: of these kinds, with a selector limited to some of `hostIds` (when set)
 * and to some of `tags` (when set). The SQL twin of key-scope.ts's scheduleWithinKey.
 */
export interface ScheduleScope {
  kinds: readonly string[];
  hostIds: string[] | null;
  tags: string[] | null;
}

function scheduleScopeCondition(scope: ScheduleScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  // `->` answers null for a selector without the key: not within.
  const within = (field: 'host_ids' | 'tags', allowed: string[] | null) =>
    allowed ? sql`(${schedules.selector} -> ${field}) <@ ${JSON.stringify(allowed)}::jsonb` : undefined;
  return and(inArray(schedules.kind, [...scope.kinds]), within('host_ids', scope.hostIds), within('tags', scope.tags));
}

export async function listSchedules(
  db: Db,
  organisationId: string,
  limit: number,
  after?: NameCursor,
  scope?: ScheduleScope,
): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.organisationId, organisationId), afterName(schedules, after), scheduleScopeCondition(scope)))
    .orderBy(asc(schedules.name), asc(schedules.id))
    .limit(limit);
}

/** A schedule of the organisation; with a scope, only one the key sees. */
export async function findSchedule(
  db: Db,
  organisationId: string,
  id: string,
  scope?: ScheduleScope,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.organisationId, organisationId), scheduleScopeCondition(scope)));
  return row;
}

export async function schedulesUsingWindow(db: Db, windowId: string): Promise<ScheduleRow[]> {
  return db.select().from(schedules).where(eq(schedules.windowId, windowId)).orderBy(asc(schedules.name));
}

/** Every enabled schedule of the portal (the scheduler's tick), or of one organisation (the planner, narrowed by `scope`). */
export async function enabledSchedules(db: Db, organisationId?: string, scope?: ScheduleScope): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(
      and(
        eq(schedules.enabled, true),
        organisationId ? eq(schedules.organisationId, organisationId) : undefined,
        scheduleScopeCondition(scope),
      ),
    )
    .orderBy(asc(schedules.name), asc(schedules.id));
}

export async function insertSchedule(db: Db, values: NewScheduleRow, actor: EventActor): Promise<ScheduleRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(schedules).values(values).returning();
    if (!row) throw new Error('schedule insert returned nothing');
    await changed(tx, row.organisationId, { scheduleId: row.id, windowId: row.windowId }, actor);
    return row;
  });
}

export async function updateSchedule(
  db: Db,
  organisationId: string,
  id: string,
  values: Partial<NewScheduleRow>,
  actor: EventActor,
): Promise<ScheduleRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(schedules)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(schedules.id, id), eq(schedules.organisationId, organisationId)))
      .returning();
    if (row) await changed(tx, organisationId, { scheduleId: id, windowId: row.windowId }, actor);
    return row;
  });
}

/** Deletes a schedule; its tasks stay (their schedule_id then names no schedule). */
export async function deleteSchedule(db: Db, organisationId: string, id: string, actor: EventActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.organisationId, organisationId)))
      .returning();
    if (row) await changed(tx, organisationId, { scheduleId: id, windowId: row.windowId }, actor);
    return row !== undefined;
  });
}

/** Marks occurrences up to `at` handled (never moves back: another replica may have handled a newer one). */
export async function advanceLastOccurrence(db: Db, id: string, at: Date): Promise<void> {
  const iso = at.toISOString();
  await db
    .update(schedules)
    .set({ lastOccurrenceAt: sql`greatest(coalesce(${schedules.lastOccurrenceAt}, ${iso}::timestamptz), ${iso}::timestamptz)` })
    .where(eq(schedules.id, id));
}

export interface Occurrence {
  task: NewTaskRow & { scheduleId: string; scheduledFor: Date };
  firstLine: string;
  /** A cron occurrence is handled once recorded; a run-now is not one of the cron's occurrences. */
  advance: boolean;
  /** The schedule, or the person who ran it now. */
  actor: EventActor;
}

/**
 * Records an occurrence exactly once across replicas: its task (unless this occurrence already has one), the
 * schedule's last occurrence and the event ('schedule.fired', or 'schedule.skipped' for a skipped task), in one
 * transaction. Answers the task when this call recorded it.
 */
export async function recordOccurrence(db: Db, schedule: ScheduleRow, occurrence: Occurrence): Promise<TaskRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await insertOccurrenceTask(tx, occurrence.task, occurrence.firstLine);
    if (!row) return undefined;
    if (occurrence.advance) await advanceLastOccurrence(tx, schedule.id, occurrence.task.scheduledFor);
    const common = {
      schedule_id: schedule.id,
      name: schedule.name,
      task_id: row.id,
      scheduled_for: occurrence.task.scheduledFor.toISOString(),
    };
    if (row.status === 'skipped')
      await emitEvent(tx, row.organisationId, 'schedule.skipped', { ...common, reason: row.error ?? '' }, occurrence.actor);
    else await emitEvent(tx, row.organisationId, 'schedule.fired', common, occurrence.actor);
    return row;
  });
}

/** How long the last succeeded runs of a schedule took (ms), newest first. */
export async function succeededRunDurations(db: Db, scheduleId: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ startedAt: tasks.startedAt, endedAt: tasks.endedAt })
    .from(tasks)
    .where(
      and(
        eq(tasks.scheduleId, scheduleId),
        isNull(tasks.parentId),
        eq(tasks.status, 'succeeded'),
        isNotNull(tasks.startedAt),
        isNotNull(tasks.endedAt),
      ),
    )
    .orderBy(desc(tasks.endedAt))
    .limit(limit);
  return rows.map((r) => r.endedAt!.getTime() - r.startedAt!.getTime());
}

// --- Selectors ---------------------------------------------------------------------------------------------------

/** A guest a selector picked: enough to run on it and to plan its host. */
export interface SelectedGuest {
  id: string;
  hostId: string;
}

/** The organisation's guests still on their host that match every part of the selector, by host then vmid. */
export async function selectGuests(db: Db, organisationId: string, selector: Selector): Promise<SelectedGuest[]> {
  return db
    .select({ id: guests.id, hostId: guests.hostId })
    .from(guests)
    .where(
      and(
        eq(guests.organisationId, organisationId),
        isNull(guests.goneAt),
        selector.host_ids ? inArray(guests.hostId, selector.host_ids) : undefined,
        selector.guest_ids ? inArray(guests.id, selector.guest_ids) : undefined,
        selector.vmids ? inArray(guests.vmid, selector.vmids) : undefined,
        selector.tags ? arrayOverlaps(guests.tags, selector.tags) : undefined,
        selector.pools ? inArray(guests.pool, selector.pools) : undefined,
      ),
    )
    .orderBy(asc(guests.hostId), asc(guests.vmid));
}

/** Which of `ids` are not hosts of the organisation. */
export async function unknownHostIds(db: Db, organisationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: hosts.id })
    .from(hosts)
    .where(and(eq(hosts.organisationId, organisationId), inArray(hosts.id, [...ids])));
  const known = new Set(found.map((h) => h.id));
  return ids.filter((id) => !known.has(id));
}

/** Which of `ids` are not guests of the organisation still on their host. */
export async function unknownGuestIds(db: Db, organisationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt), inArray(guests.id, [...ids])));
  const known = new Set(found.map((g) => g.id));
  return ids.filter((id) => !known.has(id));
}
