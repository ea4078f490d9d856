import type { SimTask } from './types';

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');

/** PVE: UPID:<node>:<pid 8 hex>:<pstart 8 hex>:<starttime 8 hex>:<type>:<id>:<authid>: */
export function formatPveUpid(t: Pick<SimTask, 'node' | 'pid' | 'pstart' | 'starttime' | 'type' | 'id' | 'user'>): string {
  return `UPID:${t.node}:${hex(t.pid, 8)}:${hex(t.pstart, 8)}:${hex(t.starttime, 8)}:${t.type}:${t.id}:${t.user}:`;
}

/** PBS adds a task counter and systemd-escapes the worker id. */
export function formatPbsUpid(
  t: Pick<SimTask, 'node' | 'pid' | 'pstart' | 'starttime' | 'type' | 'id' | 'user'>,
  taskId: number,
): string {
  return `UPID:${t.node}:${hex(t.pid, 8)}:${hex(t.pstart, 8)}:${hex(taskId, 8)}:${hex(t.starttime, 8)}:${t.type}:${systemdEscape(t.id)}:${t.user}:`;
}

export function systemdEscape(s: string): string {
  return s.replace(/[^A-Za-z0-9_.]/g, (c) => (c === '/' ? '\\x2f' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

export interface TaskWork {
  /** Lines logged when the task starts. */
  log?: string[];
  durationMs: number;
  /** Runs when the task ends; return extra log lines, throw to fail the task with that message. */
  run: () => string[] | void;
}

/** Runs simulated workers: a task is 'running' for durationMs, then its effect applies. */
export class TaskRunner {
  readonly tasks: SimTask[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextPid: number;

  constructor(
    private readonly node: string,
    private readonly pstart: () => number,
    private readonly format: (t: SimTask, index: number) => string,
    firstPid: number,
    /** PBS runs every worker inside one daemon: same pid for all tasks. */
    private readonly samePid = false,
  ) {
    this.nextPid = firstPid;
  }

  start(type: string, id: string, authid: string, work: TaskWork): SimTask {
    const now = Math.floor(Date.now() / 1000);
    const task: SimTask = {
      upid: '',
      node: this.node,
      pid: this.samePid ? this.nextPid : this.nextPid++,
      pstart: this.pstart(),
      starttime: now,
      type,
      id,
      user: authid,
      status: 'running',
      log: [...(work.log ?? [])],
    };
    task.upid = this.format(task, this.tasks.length);
    this.tasks.push(task);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.finish(task, work);
    }, work.durationMs);
    this.timers.add(timer);
    return task;
  }

  /** A finished task from history (seeded by the generator). */
  addFinished(task: Omit<SimTask, 'upid' | 'node' | 'pid' | 'pstart'>, pstart: number): SimTask {
    const full: SimTask = { ...task, upid: '', node: this.node, pid: this.samePid ? this.nextPid : this.nextPid++, pstart };
    full.upid = this.format(full, this.tasks.length);
    this.tasks.push(full);
    return full;
  }

  find(upid: string): SimTask | undefined {
    return this.tasks.find((t) => t.upid === upid);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private finish(task: SimTask, work: TaskWork): void {
    try {
      const lines = work.run();
      if (lines) task.log.push(...lines);
      task.log.push('TASK OK');
      task.exitstatus = 'OK';
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      const lines = (err as { lines?: unknown }).lines;
      if (Array.isArray(lines)) task.log.push(...lines.map(String));
      task.log.push(`TASK ERROR: ${msg}`);
      task.exitstatus = msg;
    }
    task.status = 'stopped';
    task.endtime = Math.max(task.starttime, Math.floor(Date.now() / 1000));
  }
}
