import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TaskStatus } from '@proxai/contract';
import type { Db } from '../../db/client';
import { events, taskLogs, tasks } from '../../db/schema';
import { emitEvent, eventValues } from '../../events/outbox';
import { toTaskDto } from './task-dto';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
/** A parent task's children by outcome. */
export type TaskSummary = NonNullable<TaskRow['summary']>;

/**
 * A new task with its first log line and its task.created event, in ONE statement (data-modifying CTEs are
 * atomic without a transaction): a guest action answers after this and the job's queueing, and on a busy
 * database each round trip counts (bench/soak). The row is made here, defaults included, so the event can
 * carry it without reading it back.
 */
export async function insertTask(db: Db, values: NewTaskRow, firstLine: string): Promise<TaskRow> {
  const defaults: Omit<TaskRow, 'organisationId' | 'kind' | 'createdBy'> = {
    id: randomUUID(),
    status: 'queued',
    progress: 0,
    params: {},
    hostId: null,
    guestId: null,
    parentId: null,
    scheduleId: null,
    scheduledFor: null,
    upids: [],
    error: null,
    summary: null,
    createdAt: new Date(),
    startedAt: null,
    endedAt: null,
    cancelRequestedAt: null,
    runner: null,
    heartbeatAt: null,
  };
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const row = { ...defaults, ...given } as TaskRow;
  const event = eventValues(row.organisationId, 'task.created', { task: toTaskDto(row) });
  await db.execute(
    sql`with task as (${db.insert(tasks).values(row).getSQL()}), log as (${db.insert(taskLogs).values({ taskId: row.id, line: firstLine, at: row.createdAt }).getSQL()}) ${db.insert(events).values(event).getSQL()}`,
  );
  return row;
}

async function announceTask(tx: Db, row: TaskRow, firstLine: string): Promise<void> {
  await tx.insert(taskLogs).values({ taskId: row.id, line: firstLine });
  await emitEvent(tx, row.organisationId, 'task.created', { task: toTaskDto(row) });
}

/**
 * A schedule's occurrence task, unless that occurrence (schedule_id, scheduled_for) already has one: answers the
 * row when this call made it, nothing when another replica did. Pass the caller's transaction to record more with it.
 */
export async function insertOccurrenceTask(
  db: Db,
  values: NewTaskRow & { scheduleId: string; scheduledFor: Date },
  firstLine: string,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .insert(tasks)
    .values(values)
    .onConflictDoNothing({ target: [tasks.scheduleId, tasks.scheduledFor] })
    .returning();
  if (row) await announceTask(db, row, firstLine);
  return row;
}

export async function findTask(db: Db, organisationId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.organisationId, organisationId)));
  return row;
}

/**
 * A task with its log and whether it has children, in ONE query (GET /api/tasks/{id} is what a client following a
 * task reads again and again; each round trip counts under load, bench/soak). Drizzle names a one-table
 * select's columns unqualified, so the subqueries name the outer row as "tasks" themselves.
 */
export async function findTaskWithLog(
  db: Db,
  organisationId: string,
  id: string,
): Promise<{ task: TaskRow; log: { at: Date; line: string }[]; hasChildren: boolean } | undefined> {
  const [row] = await db
    .select({
      task: tasks,
      log: sql<
        { at: string; line: string }[]
      >`(select coalesce(json_agg(json_build_object('at', l.at, 'line', l.line) order by l.id), '[]'::json) from ${taskLogs} l where l.task_id = "tasks"."id")`,
      hasChildren: sql<boolean>`exists (select 1 from ${tasks} c where c.parent_id = "tasks"."id")`,
    })
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.organisationId, organisationId)));
  if (!row) return undefined;
  return { task: row.task, log: row.log.map((l) => ({ at: new Date(l.at), line: l.line })), hasChildren: row.hasChildren };
}

export interface TaskFilter {
  status?: TaskStatus;
  kind?: string;
  hostId?: string;
  guestId?: string;
  scheduleId?: string;
  parentId?: string;
}

/** Newest first; `after` is the (created_at, id) of the last row of the previous page. */
export async function listTasks(
  db: Db,
  organisationId: string,
  filter: TaskFilter,
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<TaskRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(tasks.organisationId, organisationId),
    filter.status ? eq(tasks.status, filter.status) : undefined,
    filter.kind ? eq(tasks.kind, filter.kind) : undefined,
    filter.hostId ? eq(tasks.hostId, filter.hostId) : undefined,
    filter.guestId ? eq(tasks.guestId, filter.guestId) : undefined,
    filter.scheduleId ? eq(tasks.scheduleId, filter.scheduleId) : undefined,
    filter.parentId ? eq(tasks.parentId, filter.parentId) : undefined,
    after
      ? or(lt(tasks.createdAt, after.createdAt), and(eq(tasks.createdAt, after.createdAt), lt(tasks.id, after.id)))
      : undefined,
  ];
  return db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
}

export async function listChildren(db: Db, parentId: string): Promise<TaskRow[]> {
  return db.select().from(tasks).where(eq(tasks.parentId, parentId)).orderBy(asc(tasks.createdAt), asc(tasks.id));
}

export async function taskLog(db: Db, taskId: string): Promise<{ at: Date; line: string }[]> {
  return db
    .select({ at: taskLogs.at, line: taskLogs.line })
    .from(taskLogs)
    .where(eq(taskLogs.taskId, taskId))
    .orderBy(asc(taskLogs.id));
}

export async function appendTaskLog(db: Db, taskId: string, line: string): Promise<void> {
  await db.insert(taskLogs).values({ taskId, line: line.slice(0, 4000) });
}

/**
 * Takes a task to run it (queued → running) or to resume it (running, but its runner's heartbeat is older than
 * `staleBefore`: that process died). Answers the task when this runner now holds it, nothing when it ended, was
 * cancelled before it started, or another live process runs it. Atomic: two replicas never both hold one task.
 */
export async function claimTask(db: Db, id: string, runner: string, now: Date, staleBefore: Date): Promise<TaskRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ status: 'running', runner, heartbeatAt: now, startedAt: sql`coalesce(${tasks.startedAt}, ${now})` })
      .where(
        and(
          eq(tasks.id, id),
          or(
            and(eq(tasks.status, 'queued'), isNull(tasks.cancelRequestedAt)),
            // A running task asked to stop is still resumed: its job follows the PVE task to its end and ends it.
            and(eq(tasks.status, 'running'), or(isNull(tasks.runner), lt(tasks.heartbeatAt, staleBefore))),
          ),
        ),
      )
      .returning();
    if (row)
      await emitEvent(tx, row.organisationId, 'task.progress', { task_id: row.id, status: row.status, progress: row.progress });
    return row;
  });
}

/** The runner says it is alive; answers false when it no longer holds the task. */
export async function heartbeat(db: Db, id: string, runner: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ heartbeatAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.runner, runner), eq(tasks.status, 'running')))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Running tasks whose runner stopped saying it is alive (a killed process). */
export async function orphanedTasks(db: Db, staleBefore: Date, limit = 50): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.status, 'running'), or(isNull(tasks.heartbeatAt), lt(tasks.heartbeatAt, staleBefore))))
    .orderBy(asc(tasks.createdAt))
    .limit(limit);
}

/**
 * Top-level tasks still queued since before `queuedBefore`: their job was lost (the process died between writing
 * the task and queuing its job) or is stuck behind a backlog. Running them again is safe: a job claims its task.
 */
export async function strandedQueuedTasks(db: Db, queuedBefore: Date, limit = 50): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.status, 'queued'), isNull(tasks.parentId), isNull(tasks.cancelRequestedAt), lt(tasks.createdAt, queuedBefore)),
    )
    .orderBy(asc(tasks.createdAt))
    .limit(limit);
}

/**
 * Moves a task's progress bar forward (and tells the event stream); never back. A parent's children end on
 * several hosts at once, and their writes may commit in any order: the one that counted 19 of 20 must not
 * overwrite the one that counted 20. A task resumed after a crash does not move back to "sending" either.
 */
export async function setTaskProgress(db: Db, id: string, progress: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ progress })
      .where(and(eq(tasks.id, id), lt(tasks.progress, progress)))
      .returning();
    if (row) await emitEvent(tx, row.organisationId, 'task.progress', { task_id: id, status: row.status, progress });
  });
}

/** Records a PVE task the task now follows (kept across restarts, so a retry resumes it). */
export async function addUpid(db: Db, id: string, upid: string): Promise<void> {
  await db
    .update(tasks)
    .set({ upids: sql`array_append(${tasks.upids}, ${upid})` })
    .where(eq(tasks.id, id));
}

/** Ends a task that is not ended yet; answers false when it already was. */
export async function endTask(
  db: Db,
  id: string,
  status: Extract<TaskStatus, 'succeeded' | 'failed' | 'cancelled' | 'skipped'>,
  error: string | null,
  now: Date,
  summary?: TaskSummary,
  /** Its last log lines, written with the ending: a reader who sees the task ended also sees how. */
  lastLines: readonly string[] = [],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({ status, error, endedAt: now, ...(status === 'succeeded' ? { progress: 100 } : {}), ...(summary ? { summary } : {}) })
      .where(and(eq(tasks.id, id), inArray(tasks.status, ['queued', 'running'])))
      .returning();
    if (!row) return false;
    if (lastLines.length > 0)
      await tx.insert(taskLogs).values(lastLines.map((line) => ({ taskId: id, line: line.slice(0, 4000) })));
    await emitEvent(tx, row.organisationId, 'task.ended', { task: toTaskDto(row) });
    return true;
  });
}

/**
 * Asks a running task to stop on its host: the request (who, when) is what its job reads to end it `cancelled`
 * once Proxmox reports the PVE task stopped. Answers the task as it now is (undefined when it is no longer running).
 */
export async function requestStop(db: Db, id: string, email: string, now: Date): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ cancelRequestedAt: now, params: sql`${tasks.params} || ${JSON.stringify({ cancel_requested_by: email })}::jsonb` })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'running')))
    .returning();
  return row;
}

/** Withdraws a stop request Proxmox refused: the task ends as it would have. */
export async function withdrawStop(db: Db, id: string): Promise<void> {
  await db
    .update(tasks)
    .set({ cancelRequestedAt: null, params: sql`${tasks.params} - 'cancel_requested_by'` })
    .where(eq(tasks.id, id));
}

/** Who asked a task to stop (requestStop), or undefined when nobody did. */
export async function stopRequestOf(db: Db, id: string): Promise<{ by: string } | undefined> {
  const [row] = await db.select({ at: tasks.cancelRequestedAt, params: tasks.params }).from(tasks).where(eq(tasks.id, id));
  if (!row?.at) return undefined;
  const by = row.params.cancel_requested_by;
  return { by: typeof by === 'string' ? by : 'an operator' };
}

export async function requestCancel(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(tasks)
    .set({ cancelRequestedAt: now })
    .where(and(eq(tasks.id, id), inArray(tasks.status, ['queued', 'running'])));
}

/** Ends a parent's children that have not started (a cancelled parent): answers how many. */
export async function cancelQueuedChildren(db: Db, parentId: string, error: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(tasks)
      .set({ status: 'cancelled', error, endedAt: now, cancelRequestedAt: now })
      .where(and(eq(tasks.parentId, parentId), eq(tasks.status, 'queued')))
      .returning();
    for (const row of rows) await emitEvent(tx, row.organisationId, 'task.ended', { task: toTaskDto(row) });
    return rows.length;
  });
}
