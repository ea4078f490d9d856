import type { Task, TaskDetail, TaskListQuery, TaskPage } from '@proxai/contract';
import { toTaskDto } from './task-dto';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { requireOrgRole } from '../../plugins/app/auth';
import type { AuthUser } from '../sessions/sessions.service';
import {
  appendTaskLog,
  cancelQueuedChildren,
  endTask,
  findTask,
  listChildren,
  listTasks,
  requestCancel,
  taskLog,
  type TaskRow,
} from './tasks.repository';

/** The position after a row, opaque to clients: base64url of `created_at|id`. */
const cursorOf = (t: TaskRow) => Buffer.from(`${t.createdAt.toISOString()}|${t.id}`).toString('base64url');

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('bad_request', 'Invalid cursor: pass the next_cursor of the previous page unchanged');
  }
  return { createdAt, id };
}

export async function listTasksOf(db: Db, organisationId: string, query: TaskListQuery): Promise<TaskPage> {
  const limit = Number(query.limit ?? 50);
  const rows = await listTasks(
    db,
    organisationId,
    {
      status: query.status,
      kind: query.kind,
      hostId: query.host_id,
      guestId: query.guest_id,
      scheduleId: query.schedule_id,
      parentId: query.parent_id,
    },
    limit + 1,
    query.cursor ? parseCursor(query.cursor) : undefined,
  );
  const page = rows.slice(0, limit);
  return { items: page.map(toTaskDto), next_cursor: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}

export async function getTaskDetail(db: Db, organisationId: string, id: string): Promise<TaskDetail> {
  const task = await findTask(db, organisationId, id);
  if (!task) throw notFound('Task');
  const [log, children] = await Promise.all([taskLog(db, id), listChildren(db, id)]);
  return {
    ...toTaskDto(task),
    log: log.map((l) => ({ at: l.at.toISOString(), line: l.line })),
    children: children.map(toTaskDto),
  };
}

/** A parent task (a bulk action, a snapshot policy) names the guests its children work on. */
const isParentTask = (task: TaskRow) => Array.isArray(task.params.guest_ids);

/**
 * A queued task is cancelled at once (its job finds it cancelled and does nothing). A running guest action is
 * already on the host: Proxmox finishes it, so the answer says it can no longer be cancelled. A running parent
 * task stops starting children: those not started are cancelled now, running ones finish, then it ends.
 */
export async function cancelTask(db: Db, user: AuthUser, organisationId: string, id: string): Promise<Task> {
  requireOrgRole(user, 'operator', 'cancel tasks');
  const task = await findTask(db, organisationId, id);
  if (!task) throw notFound('Task');
  if (task.status === 'running' && isParentTask(task)) {
    const now = new Date();
    await requestCancel(db, id, now);
    const cancelled = await cancelQueuedChildren(db, id, `Cancelled by ${user.email}`, now);
    await appendTaskLog(db, id, `Cancel asked by ${user.email}: ${cancelled} not started will not be; running ones finish`);
    return toTaskDto((await findTask(db, organisationId, id)) ?? task);
  }
  if (task.status !== 'queued') {
    throw new AppError(
      'invalid_state',
      task.status === 'running'
        ? 'This task is already running on the host and can no longer be cancelled'
        : `This task has already ended (${task.status})`,
    );
  }
  const now = new Date();
  await requestCancel(db, id, now);
  await endTask(db, id, 'cancelled', `Cancelled by ${user.email}`, now);
  const ended = await findTask(db, organisationId, id);
  return toTaskDto(ended ?? task);
}
