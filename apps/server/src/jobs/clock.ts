// Time for background work (schedules, collectors, their pacing, every periodic task), injectable so that a test of a
// per-minute behaviour runs in seconds instead of waiting real minutes (createTestApp({ clock })).

export interface Clock {
  now(): Date;
  /** Resolves once `ms` passed on this clock, or at once when `signal` aborts (a loop being stopped). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/**
 * Calls `tick` `firstMs` after the start, then `periodMs` after each call ended, both on `clock`, until stopped: a
 * dispatch loop paced on the time of the background work, so that a test's faster clock makes it tick faster too
 * (ticks a real second apart would leave a gap of many seconds of that clock before each claim). `tick` handles its
 * own errors. stop() ends the pause under way and waits for the call under way; no timer outlives it.
 */
export function clockLoop(
  clock: Clock,
  timing: { firstMs: number; periodMs: number },
  tick: () => Promise<void>,
): { stop(): Promise<void> } {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const loop = (async () => {
    await clock.sleep(timing.firstMs, stopping.signal);
    while (!stopping.signal.aborted) {
      running = tick();
      await running;
      await clock.sleep(timing.periodMs, stopping.signal);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
