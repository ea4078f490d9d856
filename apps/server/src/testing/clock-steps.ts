import type { ManualClock } from './test-clock';

/**
 * Moves `clock` on by `ms`, then waits until `settled()` holds: what the step woke (a loop paced on the clock, the job
 * it queued) has done its work at the new time, so the next step finds it asleep again. Each test says how it sees
 * that (a loop's trace line, a row written). Checked every millisecond: stepping through minutes second by second
 * takes a second or two, not minutes. Throws when it does not settle within `timeoutMs` of real time.
 */
export async function step(
  clock: ManualClock,
  ms: number,
  settled: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  await clock.advance(ms);
  await settle(clock, settled, timeoutMs);
}

/** Waits, without moving the clock, until `settled()` holds (see step). */
export async function settle(clock: ManualClock, settled: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await settled())) {
    if (Date.now() > deadline)
      throw new Error(`nothing settled ${timeoutMs} ms after the clock reached ${clock.now().toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The line a loop logged (`msg`) for its tick at `at` (the loops log their tick's time as `at`), if it did. */
export function tickAt(logs: readonly Record<string, unknown>[], msg: string, at: Date): Record<string, unknown> | undefined {
  const iso = at.toISOString();
  for (let i = logs.length - 1; i >= 0; i--) if (logs[i]!.msg === msg && logs[i]!.at === iso) return logs[i];
  return undefined;
}
