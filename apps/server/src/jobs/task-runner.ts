import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { settleWithin } from './settle-within';
import {
  claimTask,
  endTask,
  heartbeat,
  orphanedTasks,
  strandedQueuedTasks,
  type TaskRow,
} from '../modules/tasks/tasks.repository';

/** This process, as the runner of the tasks it holds. */
export const THIS_RUNNER = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface TaskTiming {
  /** How often a running task's holder says it is alive. */
  heartbeatMs: number;
  /** A heartbeat older than this means its process died: another one resumes the task. */
  staleMs: number;
}

export const taskTiming = (heartbeatSeconds: number): TaskTiming => ({
  heartbeatMs: heartbeatSeconds * 1000,
  staleMs: heartbeatSeconds * 4000,
});

/**
 * Runs `work` while this process holds the task: claims it (queued, or running with a stale heartbeat), beats
 * its heartbeat meanwhile. Answers false, running nothing, when the task ended, was cancelled, or another live
 * process holds it: a job handed out twice (a retry after a crash, two replicas) runs the task once.
 */
export async function withClaimedTask(
  db: Db,
  taskId: string,
  timing: TaskTiming,
  work: (task: TaskRow) => Promise<void>,
  runner = THIS_RUNNER,
): Promise<boolean> {
  const now = new Date();
  const task = await claimTask(db, taskId, runner, now, new Date(now.getTime() - timing.staleMs));
  if (!task) return false;
  const timer = setInterval(() => void heartbeat(db, taskId, runner, new Date()).catch(() => undefined), timing.heartbeatMs);
  try {
    await work(task);
  } catch (err) {
    // A runner records the failures it expects. One that escaped it in a state no retry changes (a catalogue
    // 'invalid_state', such as credentials that cannot be opened) ends the task failed, saying why: left running,
    // recovery would resume it into the same error forever. Anything else (the database, a timeout) stays for recovery.
    if (err instanceof AppError && err.code === 'invalid_state')
      await endTask(db, taskId, 'failed', err.detail, new Date()).catch(() => undefined);
    throw err;
  } finally {
    clearInterval(timer);
  }
  return true;
}

/** A top-level task still queued after this long has lost its job (or waits behind a backlog): it is run here. */
export const STRANDED_MS = 60_000;

/** Resumes one kind of task after its process died (the job handler, called again with the task id; `kind` tells apart the kinds of one prefix). */
export type Resumer = (taskId: string, kind: string) => Promise<unknown>;

/**
 * Finds running tasks whose holder stopped beating (a `kill -9`, a crash, a lost replica) and resumes them in this
 * process, at start and then periodically, so no task stays running. Each kind says how it resumes (a guest
 * action follows its recorded UPID, or ends `failed` with reason interrupted when it cannot know).
 */
export function startTaskRecovery(
  db: Db,
  timing: TaskTiming,
  resumers: Record<string, Resumer>,
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): { stop(graceMs?: number): Promise<void> } {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const sweep = async () => {
    const orphans: TaskRow[] = await orphanedTasks(db, new Date(Date.now() - timing.staleMs)).catch(() => []);
    const stranded: TaskRow[] = await strandedQueuedTasks(db, new Date(Date.now() - Math.max(STRANDED_MS, timing.staleMs))).catch(
      () => [],
    );
    for (const task of [...orphans, ...stranded]) {
      if (stopped) return;
      const resume = resumers[task.kind.split('.')[0] ?? ''];
      if (!resume) continue;
      log.info(
        { taskId: task.id, kind: task.kind, runner: task.runner },
        task.status === 'queued' ? 'running a task whose job was lost' : 'resuming a task whose process stopped',
      );
      const p = resume(task.id, task.kind)
        .then(() => undefined)
        .catch((err: unknown) => log.error({ err, taskId: task.id }, 'resuming a task failed'))
        .finally(() => running.delete(p));
      running.add(p);
    }
  };
  const first = setTimeout(() => void sweep(), 500);
  const timer = setInterval(() => void sweep(), timing.heartbeatMs * 2);
  return {
    /** Stops sweeping; waits up to `graceMs` for the tasks it resumed (those still running resume again later). */
    async stop(graceMs = Infinity) {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await settleWithin(running, graceMs);
    },
  };
}
