import type { Task } from '@proxai/contract';
import { useEffect, useState } from 'react';
import { apiCall } from '@/lib/api-client';
import { eventStream, type StreamEvent } from '@/lib/event-stream';
import { whenIdle } from '@/lib/idle';

/** Progress events of many guests (a bulk action) are drawn at most this often. */
const FLUSH_MS = 250;

const isRunning = (status: unknown) => status === 'queued' || status === 'running';

/**
 * The running tasks' progress per guest, from the stream's task events: `task.created` and `task.ended` carry the
 * task (and its guest), `task.progress` only its id, so the task's guest is remembered meanwhile. Plain maps
 * updated in place: a bulk action on 500 guests sends thousands of events.
 */
export class GuestTaskProgress {
  private readonly guestOfTask = new Map<string, string>();
  private readonly progress = new Map<string, number>();
  /** Tasks seen ending: a list read before their end (seed) must not bring them back. */
  private readonly ended = new Set<string>();

  /**
   * The tasks already running when the page opened (GET /api/tasks), which no `task.created` will announce. What
   * the stream said meanwhile wins: a guest it already follows, or a task it saw end, is left as it is.
   */
  seed(tasks: readonly Task[]): boolean {
    let changed = false;
    for (const task of tasks) {
      const guestId = task.target.guest_id;
      if (!guestId || !isRunning(task.status) || this.ended.has(task.id) || this.guestOfTask.has(task.id)) continue;
      if (this.progress.has(guestId)) continue;
      this.guestOfTask.set(task.id, guestId);
      this.progress.set(guestId, task.progress);
      changed = true;
    }
    return changed;
  }

  /** Applies one event; answers whether a guest's progress changed. */
  apply(event: StreamEvent): boolean {
    switch (event.type) {
      case 'task.created': {
        const task = event.data.task as Task | undefined;
        const guestId = task?.target.guest_id;
        if (!task || !guestId || !isRunning(task.status)) return false;
        this.guestOfTask.set(task.id, guestId);
        this.progress.set(guestId, task.progress);
        return true;
      }
      case 'task.progress': {
        const guestId = this.guestOfTask.get(event.data.task_id as string);
        if (!guestId) return false;
        if (!isRunning(event.data.status)) return this.forget(event.data.task_id as string);
        this.progress.set(guestId, Number(event.data.progress) || 0);
        return true;
      }
      case 'task.ended': {
        const task = event.data.task as Task | undefined;
        return task ? this.forget(task.id) : false;
      }
      default:
        return false;
    }
  }

  private forget(taskId: string): boolean {
    this.ended.add(taskId);
    const guestId = this.guestOfTask.get(taskId);
    if (!guestId) return false;
    this.guestOfTask.delete(taskId);
    // Another task of the same guest may still run: its next event puts it back.
    return this.progress.delete(guestId);
  }

  snapshot(): ReadonlyMap<string, number> {
    return new Map(this.progress);
  }
}

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * Guest id → progress (0–100) of a task running on it: those running when the page opened, then live from the event
 * stream. Subscribes once the page is
 * idle (never before the first guest rows) and redraws at most every FLUSH_MS: the list re-renders its visible
 * rows, and the memoised rows whose progress did not change are skipped.
 */
export function useGuestTaskProgress(): ReadonlyMap<string, number> {
  const [progress, setProgress] = useState(NONE);
  useEffect(() => {
    const state = new GuestTaskProgress();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe: (() => void) | undefined;
    const flush = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        setProgress(state.snapshot());
      }, FLUSH_MS);
    };
    const abort = new AbortController();
    const listen = () => {
      unsubscribe = eventStream()?.subscribe((event) => {
        if (state.apply(event)) flush();
      });
      // Then what was already running (subscribed first, so no end falls between the read and the stream).
      for (const status of ['running', 'queued'] as const) {
        apiCall('GET', '/tasks', { query: { status, limit: 200 }, signal: abort.signal })
          .then((page) => {
            if (state.seed(page.items)) flush();
          })
          // Without the list, rows show progress from the next event on, as before.
          .catch(() => undefined);
      }
    };
    const cancel = whenIdle(listen);
    return () => {
      cancel();
      abort.abort();
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, []);
  return progress;
}
