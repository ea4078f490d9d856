import type { PveClient, VzdumpParams } from '@proxai/pve-client';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { NOT_SENT, SENDING, startPveTask } from '../../jobs/pve-task';
import { appendTaskLog, setTaskProgress, stopRequestOf, type TaskRow } from '../tasks/tasks.repository';
import { appendTaskLogLines, setTaskParams } from './backups.repository';
import { VzdumpLogReader, type GuestBackupOutcome } from './vzdump';

/**
 * Sending one vzdump call and following its PVE task (a policy's node task, a "Back up now"): the UPID is recorded
 * so a resumed task follows it instead of sending again; the PVE task's log is copied into the task's log as it
 * grows, and each guest's outcome is handed on as soon as the log settles it.
 */

/** Longest a vzdump task is followed (a node backing up hundreds of guests). */
export const VZDUMP_TIMEOUT_MS = 24 * 3600_000;
const POLL_MS = 500;
const LOG_PAGE = 1000;

/** What PVE answered: a task to follow, or 'OK' (no listed guest is on this node: nothing to do). */
export type VzdumpStart = { upid: string } | { nothingLocal: true };

/**
 * Sends the call once. A resumed task with a recorded UPID follows it; one asked to stop before anything was sent
 * sends nothing (409, its job ends it cancelled).
 */
export async function sendVzdump(
  db: Db,
  task: TaskRow,
  client: PveClient,
  node: string,
  params: VzdumpParams,
): Promise<VzdumpStart> {
  const recorded = task.upids.at(-1);
  if (recorded) {
    await appendTaskLog(db, task.id, `Resumed after an interruption: following ${recorded}`);
    return { upid: recorded };
  }
  const request = await stopRequestOf(db, task.id);
  if (request) throw new AppError('invalid_state', `${NOT_SENT}${request.by} before it was sent to Proxmox`);
  await setTaskProgress(db, task.id, SENDING);
  const answer = await client.vzdump(node, params);
  if (answer === 'OK') return { nothingLocal: true };
  const upid = await startPveTask(db, task.id, node, () => Promise.resolve(answer));
  await setTaskProgress(db, task.id, 30);
  return { upid };
}

export interface VzdumpEnd {
  /** The PVE task's exit status: 'OK', 'job errors', or another error. */
  exitstatus: string;
  outcomes: ReadonlyMap<number, GuestBackupOutcome>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a PVE task to its end, reading its log as it grows: each line is kept in the task's log (once, also
 * across a resume: the count kept is in the task's params) and every line read (from the first, on a resume too)
 * is handed to `onLines` in order. Answers the task's exit status.
 */
export async function followPveLog(
  db: Db,
  task: TaskRow,
  client: PveClient,
  node: string,
  upid: string,
  timeoutMs: number,
  onLines: (lines: readonly string[]) => Promise<void>,
): Promise<string> {
  const kept = typeof task.params.pve_log_lines === 'number' ? task.params.pve_log_lines : 0;
  let read = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await client.taskStatus(node, upid);
    // The log up to now: after the task stopped, everything it wrote.
    for (;;) {
      const page = await client.taskLog(node, upid, { start: read, limit: LOG_PAGE });
      const lines = page.lines.map((l) => l.t);
      if (lines.length === 0) break;
      const fresh = lines.slice(Math.max(0, kept - read));
      read += lines.length;
      if (fresh.length > 0) {
        await appendTaskLogLines(db, task.id, fresh);
        await setTaskParams(db, task.id, { pve_log_lines: read });
      }
      await onLines(lines);
      if (lines.length < LOG_PAGE) break;
    }
    if (status.status === 'stopped') return status.exitstatus ?? 'unexpected status';
    if (Date.now() > deadline)
      throw new AppError(
        'host_timeout',
        `The Proxmox task ${upid} was still running after ${Math.round(timeoutMs / 3600_000)} hours`,
      );
    await sleep(POLL_MS);
  }
}

/**
 * Follows a vzdump task (followPveLog): `onSettled` is called for each guest the log says succeeded or failed,
 * and the progress moves with them.
 */
export async function followVzdump(
  db: Db,
  task: TaskRow,
  client: PveClient,
  node: string,
  upid: string,
  storage: string,
  guests: number,
  onSettled: (vmid: number, outcome: GuestBackupOutcome) => Promise<void>,
): Promise<VzdumpEnd> {
  const reader = new VzdumpLogReader(storage);
  let settled = 0;
  const exitstatus = await followPveLog(db, task, client, node, upid, VZDUMP_TIMEOUT_MS, async (lines) => {
    const before = settled;
    for (const line of lines) {
      const vmid = reader.feed(line);
      const outcome = vmid === undefined ? undefined : reader.outcomes.get(vmid);
      if (vmid === undefined || !outcome || outcome.state === 'started') continue;
      settled++;
      await onSettled(vmid, outcome);
    }
    if (settled > before && guests > 0)
      await setTaskProgress(db, task.id, 30 + Math.floor((Math.min(settled, guests) * 69) / guests));
  });
  return { exitstatus, outcomes: reader.outcomes };
}
