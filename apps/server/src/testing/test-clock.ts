import type { Clock } from '../jobs/clock';

/** A clock a test moves by hand: `sleep` resolves once the test has advanced time past its end. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, waking the sleepers whose time came, earliest first. */
  advance(ms: number): Promise<void>;
  /** Sleepers waiting (a test can wait for the code under test to reach its next pause). */
  sleepers(): number;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let now = start.getTime();
  const waiting: { at: number; wake: () => void }[] = [];
  return {
    now: () => new Date(now),
    sleep: (ms, signal) =>
      new Promise<void>((wake) => {
        if (ms <= 0 || signal?.aborted) return wake();
        const sleeper = { at: now + ms, wake };
        waiting.push(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            const i = waiting.indexOf(sleeper);
            if (i >= 0) waiting.splice(i, 1);
            wake();
          },
          { once: true },
        );
      }),
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        waiting.sort((a, b) => a.at - b.at);
        const next = waiting[0];
        if (!next || next.at > end) break;
        waiting.shift();
        now = next.at;
        next.wake();
        // Let the woken code run up to its next pause before time moves on.
        await new Promise((r) => setImmediate(r));
      }
      now = end;
    },
    sleepers: () => waiting.length,
  };
}
