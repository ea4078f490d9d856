import { simNowMs } from './sim-time';
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
  /**
   * Runs as the worker starts (checks and locks taken before the slow part); return log lines,
   * throw to end the task at once with that message (the caller still gets the UPID, like fork_worker).
   */
  prepare?: () => string[] | void;
  /**
   * Runs when the task ends; return extra log lines (lines starting `WARN: ` count as warnings: the
   * task ends `WARNINGS: n`), throw to fail the task with that message.
   */
  run: () => string[] | void;
  /**
   * Runs when the task is stopped before its end (`DELETE …/tasks/{upid}`): the worker's own cleanup
   * on the signal (locks released, half-made things removed); return log lines.
   */
  stop?: () => string[] | void;
}

/** How a stopped worker ends: the lines its cleanup logs and the message it dies with. */
export interface TaskInterruption {
  lines: string[];
  error: string;
}

/**
 * Holds the fleet's workers at their end while held (tests that look at a task while it runs): a task whose time is
 * up stays 'running' until `release()`, which ends every held one in the order they came due. Not held, it ends on
 * time. One gate per fleet, shared by its nodes and PBS.
 */
export class TaskGate {
  private held = false;
  private readonly due = new Map<SimTask, () => void>();

  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
    const ends = [...this.due.values()];
    this.due.clear();
    for (const end of ends) end();
  }

  /** Ends the task now, or once released while held. */
  whenOpen(task: SimTask, end: () => void): void {
    if (this.held) this.due.set(task, end);
    else end();
  }

  /** The task was stopped while held at its end: it will not end again on release. */
  forget(task: SimTask): void {
    this.due.delete(task);
  }
}

/** Runs simulated workers: a task is 'running' for durationMs, then its effect applies. */
export class TaskRunner {
  readonly tasks: SimTask[] = [];
  /** Running workers: their end timer and work, by UPID (a stop cancels the timer). */
  private readonly live = new Map<string, { timer: NodeJS.Timeout; work: TaskWork }>();
  private nextPid: number;
  /** The fleet's gate (TaskGate); a runner of its own by default. */
  gate = new TaskGate();

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
    const now = Math.floor(simNowMs() / 1000);
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
    if (work.prepare) {
      const prepared = attempt(work.prepare);
      if ('error' in prepared) {
        this.end(task, prepared);
        return task;
      }
      task.log.push(...prepared.lines);
    }
    const timer = setTimeout(
      () =>
        this.gate.whenOpen(task, () => {
          this.live.delete(task.upid);
          this.finish(task, work);
        }),
      work.durationMs,
    );
    this.live.set(task.upid, { timer, work });
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

  /**
   * Kills a running worker as RESTEnvironment check_worker($upid, 1) does: the worker's effect never
   * applies, its cleanup runs, and it ends with `TASK ERROR: <message>`. `interruption` gets the cleanup's
   * lines and answers how the worker dies. False when the task is not running (nothing to kill).
   */
  stop(task: SimTask, interruption: (cleanup: string[]) => TaskInterruption): boolean {
    const live = this.live.get(task.upid);
    if (!live || task.status !== 'running') return false;
    clearTimeout(live.timer);
    this.gate.forget(task);
    this.live.delete(task.upid);
    const cleanup = live.work.stop ? attempt(live.work.stop).lines : [];
    this.end(task, interruption(cleanup));
    return true;
  }

  close(): void {
    for (const { timer } of this.live.values()) clearTimeout(timer);
    this.live.clear();
  }

  private finish(task: SimTask, work: TaskWork): void {
    this.end(task, attempt(work.run));
  }

  private end(task: SimTask, result: { lines: string[]; error?: string }): void {
    task.log.push(...result.lines);
    const warnings = result.lines.filter((l) => l.startsWith('WARN: ')).length;
    if (result.error !== undefined) {
      task.log.push(`TASK ERROR: ${result.error}`);
      task.exitstatus = result.error;
    } else if (warnings > 0) {
      task.log.push(`TASK WARNINGS: ${warnings}`);
      task.exitstatus = `WARNINGS: ${warnings}`;
    } else {
      task.log.push('TASK OK');
      task.exitstatus = 'OK';
    }
    task.status = 'stopped';
    task.endtime = Math.max(task.starttime, Math.floor(simNowMs() / 1000));
  }
}

/** Runs a step of a worker: its log lines, or the error it died with (and the lines it attached, `err.lines`). */
function attempt(step: () => string[] | void): { lines: string[]; error?: string } {
  try {
    return { lines: step() ?? [] };
  } catch (err) {
    const lines = (err as { lines?: unknown }).lines;
    return {
      lines: Array.isArray(lines) ? lines.map(String) : [],
      error: err instanceof Error ? err.message : String(err),
    };
  }
}
