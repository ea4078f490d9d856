import { performance } from 'node:perf_hooks';
import type { Clock } from '../jobs/clock';

/**
 * A clock on which this process's waits pass `speed` times faster than on the real one, and its work at the real pace:
 * from `start` (default now, so it never runs behind the database's now()), it adds the time the event loop worked
 * and `speed` times the time it waited (Node's event-loop utilisation). A per-minute budget or a pacing per second then
 * runs in a fraction of the real time, while what is done meanwhile (the app's own work, the in-process PGlite and
 * simulated nodes) takes as long on this clock as on the real one: a check of a rate or a budget sees the same
 * margins as in real time, and work that skipped its waits would show as going too fast. Waiting for PostgreSQL, in
 * another process, is waiting.
 */
export function acceleratedClock(speed: number, start: Date = new Date()): Clock {
  const origin = performance.eventLoopUtilization();
  /** Waiting that passes at the real pace: the lateness of this clock's own timers. */
  let late = 0;
  /** The waiting accounted for so far (read by now() or counted as late). */
  let seen = 0;
  const nowMs = () => {
    const { active, idle } = performance.eventLoopUtilization(origin);
    seen = idle;
    return start.getTime() + Math.floor(active + idle + (idle - late) * (speed - 1));
  };
  const timer = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      const due = performance.now() + ms;
      const stop = () => {
        clearTimeout(pending);
        resolve();
      };
      signal?.addEventListener('abort', stop, { once: true });
      const pending = setTimeout(() => {
        signal?.removeEventListener('abort', stop);
        // On a loaded machine a timer fires late, the process waiting for a CPU: that wait is not the sleeper's, and
        // `speed` times over it would make every pause of the code under test several seconds too long. Only waiting
        // nobody has read the clock across is counted so, so the clock never goes back.
        const { idle } = performance.eventLoopUtilization(origin);
        late += Math.min(Math.max(0, performance.now() - due), idle - seen);
        seen = idle;
        resolve();
      }, ms);
    });
  return {
    now: () => new Date(nowMs()),
    async sleep(ms, signal) {
      const end = nowMs() + ms;
      // The loop may have worked meanwhile (time passing at the real pace): wait again for the rest.
      for (let left = ms; left > 0 && !signal?.aborted; left = end - nowMs()) await timer(left / speed, signal);
    },
  };
}
