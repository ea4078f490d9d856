import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../jobs/clock';
import { rateLimiter } from './clock';

/** A clock that only moves when slept on. */
function fakeClock(start = 0): Clock & { t: number } {
  const c = {
    t: start,
    now: () => new Date(c.t),
    sleep: async (ms: number) => {
      c.t += ms;
    },
  };
  return c;
}

describe('rateLimiter', () => {
  it('lets 2 a second through: 10 calls take 4.5 seconds, never 3 within one second', async () => {
    const clock = fakeClock(1_000_000);
    const take = rateLimiter(2, clock);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      await take();
      times.push(clock.t);
    }
    expect(times.at(-1)! - times[0]!).toBe(4500);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(1000);
  });

  it('does not wait when calls are already slower than the rate', async () => {
    const clock = fakeClock();
    const take = rateLimiter(2, clock);
    await take();
    clock.t += 5000;
    const before = clock.t;
    await take();
    expect(clock.t).toBe(before);
  });
});
