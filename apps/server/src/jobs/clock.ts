// Time for background work (schedules, collectors, their pacing), injectable so that a test of a per-minute
// behaviour runs in seconds instead of waiting real minutes (createTestApp({ clock })).

export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/**
 * Calls `tick` `firstMs` after the start, then `periodMs` after each call ended, both on `clock`, until stopped: a
 * dispatch loop paced on the time of the background work, so that a test's faster clock makes it tick faster too
 * (ticks a real second apart would leave a gap of many seconds of that clock before each claim). `tick` handles its
 * own errors. stop() waits for the call under way; a pause under way runs out on its own (a clock's sleep is not
 * cancelled), and then the loop ends without calling `tick`.
 */
export function clockLoop(
  clock: Clock,
  timing: { firstMs: number; periodMs: number },
  tick: () => Promise<void>,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | undefined;
  void (async () => {
    await clock.sleep(timing.firstMs);
    while (!stopped) {
      running = tick();
      await running;
      await clock.sleep(timing.periodMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}
