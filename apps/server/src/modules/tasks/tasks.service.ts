import { stopsOnHost } from '@proxai/contract/task-stop';
import type { Language, Task, TaskDetail, TaskListQuery, TaskPage } from '@proxai/contract';
import { parseUpid } from '@proxai/pve-client';
import { toTaskDto } from './task-dto';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { message } from '../../i18n/messages';
import { stopOnHost, type JobDeps } from '../../jobs/pve-task';
import { authorize } from '../../access/authorize';
import { pooledClient } from '../pve/client-pool';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import {
  appendTaskLog,
  cancelQueuedChildren,
  endTask,
  findTask,
  findTaskWithLog,
  listChildren,
  listTasks,
  requestCancel,
  requestStop,
  withdrawStop,
  type TaskRow,
} from './tasks.repository';
import { parseTimeCursor, timeCursorOf } from '../../db/page-cursor';
import { type AuthUser } from '../../kernel/principal';

/** The position after a row, opaque to clients: base64url of `created_at|id`. */
const cursorOf = (t: TaskRow) => timeCursorOf(t.createdAt, t.id);

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const { at, id } = parseTimeCursor(cursor);
  return { createdAt: at, id };
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
  const found = await findTaskWithLog(db, organisationId, id);
  if (!found) throw notFound('task');
  const { task, log } = found;
  const children = found.hasChildren ? await listChildren(db, id) : [];
  return {
    ...toTaskDto(task),
    log: log.map((l) => ({ at: l.at.toISOString(), line: l.line })),
    children: children.map(toTaskDto),
  };
}

/** A parent task (a bulk action, a snapshot policy) names the guests its children work on. */
const isParentTask = (task: TaskRow) => Array.isArray(task.params.guest_ids);

/** Tasks whose job sends a Proxmox task and follows its UPID (guest actions, snapshots, "Back up now", restores). */
const followsPveTask = (task: TaskRow) => stopsOnHost(task.kind) && task.hostId !== null && !isParentTask(task);

export interface CancelDeps extends JobDeps {
  language: Language;
}

/**
 * A queued task is cancelled at once (its job finds it cancelled and does nothing). A running task that follows
 * a Proxmox task is stopped on its host (DELETE /nodes/{node}/tasks/{upid}); its job then ends it `cancelled`
 * once Proxmox reports the PVE task stopped. One still sending its call is marked and stopped as soon as the UPID
 * is known (or not sent at all). 409 when Proxmox refuses or the PVE task already finished. A running parent task
 * stops starting children: those not started are cancelled now, running ones are stopped on their hosts.
 */
export async function cancelTask(deps: CancelDeps, user: AuthUser, organisationId: string, id: string): Promise<Task> {
  const { db, language } = deps;
  authorize(user, 'tasks.cancel');
  const task = await findTask(db, organisationId, id);
  if (!task) throw notFound('task');
  if (task.status === 'running' && isParentTask(task)) {
    const now = new Date();
    await requestCancel(db, id, now);
    const cancelled = await cancelQueuedChildren(db, id, `Cancelled by ${user.email}`, now);
    const running = (await listChildren(db, id)).filter((c) => c.status === 'running' && followsPveTask(c));
    await appendTaskLog(
      db,
      id,
      `Cancel asked by ${user.email}: ${cancelled} not started will not be; ${running.length} running are stopped on their hosts`,
    );
    // Best effort: a child Proxmox will not stop (already finished, refused) ends as it does, its log says why.
    for (const child of running) {
      await stopRunning(deps, user, child).catch((err: unknown) =>
        appendTaskLog(db, child.id, `Could not stop it on the host: ${err instanceof AppError ? err.detail : String(err)}`),
      );
    }
    return toTaskDto((await findTask(db, organisationId, id)) ?? task);
  }
  if (task.status === 'running' && followsPveTask(task)) {
    await stopRunning(deps, user, task);
    return toTaskDto((await findTask(db, organisationId, id)) ?? task);
  }
  if (task.status !== 'queued') {
    throw new AppError(
      'invalid_state',
      task.status === 'running'
        ? message(language, 'task.runningNotCancellable')
        : message(language, 'task.alreadyEnded', { status: task.status }),
    );
  }
  const now = new Date();
  await requestCancel(db, id, now);
  await endTask(db, id, 'cancelled', `Cancelled by ${user.email}`, now);
  const ended = await findTask(db, organisationId, id);
  return toTaskDto(ended ?? task);
}

/**
 * Stops a running task's PVE task. The request is recorded first, so the job that sees the PVE task stopped knows
 * why; it is withdrawn when Proxmox refuses, and the task then ends as it does.
 */
async function stopRunning(deps: CancelDeps, user: AuthUser, task: TaskRow): Promise<void> {
  const { db, language } = deps;
  const host = task.hostId ? await findHostById(db, task.hostId) : undefined;
  if (!host) throw new AppError('invalid_state', message(language, 'task.runningNotCancellable'));
  const settings = connectSettings(deps.config);
  const client = pooledClient(host, () => targetOf(host, secretBoxFor(deps.config, deps.log)), settings);
  const known = task.upids.at(-1);
  if (known) {
    // PVE answers a stop of a finished task with success and changes nothing: ask first, to say so.
    const status = await client.taskStatus(parseUpid(known)?.node ?? host.name, known).catch((err: unknown) => {
      throw toHostError(err, errorContext(targetOf(host, secretBoxFor(deps.config, deps.log)), settings));
    });
    if (status.status === 'stopped') {
      throw new AppError('invalid_state', message(language, 'task.endedOnHost', { exitstatus: status.exitstatus ?? 'unknown' }));
    }
  }
  const marked = await requestStop(db, task.id, user.email, new Date());
  if (!marked) {
    // It ended meanwhile (the job saw the PVE task end first).
    const now = await findTask(db, task.organisationId, task.id);
    throw new AppError('invalid_state', message(language, 'task.alreadyEnded', { status: now?.status ?? 'succeeded' }));
  }
  // The job may have recorded the UPID meanwhile, having not yet seen the request: stop that one here.
  const upid = marked.upids.at(-1);
  if (!upid) {
    await appendTaskLog(db, task.id, `Stop asked by ${user.email}: it is stopped on the host as soon as Proxmox names its task`);
    return;
  }
  const refused = await stopOnHost(client, upid, host.name);
  if (refused !== undefined) {
    await withdrawStop(db, task.id);
    await appendTaskLog(db, task.id, `Stop asked by ${user.email} refused by Proxmox: ${refused}`);
    throw new AppError('invalid_state', message(language, 'task.stopRefused', { reason: refused }));
  }
  await appendTaskLog(db, task.id, `Stop asked by ${user.email}: stopping ${upid} on the host`);
}
