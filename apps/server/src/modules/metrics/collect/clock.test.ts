import { describe, expect, it } from 'vitest';
import { clockLoop, type Clock } from '../../../jobs/clock';
import { manualClock } from '../../../testing/test-clock';
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

describe('clockLoop', () => {
  it('ticks after the first pause, then a period after each tick ended, all on the clock; not once stopped', async () => {
    const clock = manualClock(new Date(0));
    const ticks: number[] = [];
    const loop = clockLoop(clock, { firstMs: 500, periodMs: 1000 }, async () => {
      ticks.push(clock.now().getTime());
    });
    await clock.advance(499);
    expect(ticks).toEqual([]);
    await clock.advance(2001);
    expect(ticks).toEqual([500, 1500, 2500]);
    await loop.stop();
    await clock.advance(5000);
    expect(ticks).toEqual([500, 1500, 2500]);
  });

  it('stops once the tick under way has ended', async () => {
    const clock = manualClock(new Date(0));
    let ticks = 0;
    let release = () => {};
    const loop = clockLoop(clock, { firstMs: 0, periodMs: 1000 }, () => {
      ticks++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ticks).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await clock.advance(5000);
    expect(ticks).toBe(1);
  });
});
