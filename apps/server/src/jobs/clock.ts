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
