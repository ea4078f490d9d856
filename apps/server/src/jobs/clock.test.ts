import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { manualClock } from '../testing/test-clock';
import { periodic, type BackgroundDeps } from './background';
import { clockLoop, realClock } from './clock';
import type { Config } from '../config/env';
import type { Db } from '../db/client';

describe('clockLoop', () => {
  it('ticks first after firstMs, then a period after each tick ended, on its clock', async () => {
    const clock = manualClock(new Date(0));
    const at: number[] = [];
    const loop = clockLoop(clock, { firstMs: 500, periodMs: 1000 }, async () => {
      at.push(clock.now().getTime());
    });
    await clock.advance(499);
    expect(at).toEqual([]);
    await clock.advance(3001);
    expect(at).toEqual([500, 1500, 2500, 3500]);
    await loop.stop();
  });

  it('stop() ends the pause under way on the real clock: no timer outlives it', async () => {
    vi.useFakeTimers();
    try {
      const tick = vi.fn(async () => undefined);
      const loop = clockLoop(realClock, { firstMs: 0, periodMs: 60 * 60_000 }, tick);
      await vi.advanceTimersByTimeAsync(0);
      expect([tick.mock.calls.length, vi.getTimerCount()]).toEqual([1, 1]);
      await loop.stop();
      expect([tick.mock.calls.length, vi.getTimerCount()]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop() waits for the tick under way, and no tick starts after it', async () => {
    const clock = manualClock(new Date(0));
    let release!: () => void;
    const ticks: string[] = [];
    const loop = clockLoop(clock, { firstMs: 0, periodMs: 10 }, async () => {
      ticks.push('start');
      await new Promise<void>((r) => (release = r));
      ticks.push('end');
    });
    await vi.waitFor(() => expect(ticks).toEqual(['start']));
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await clock.advance(100);
    expect([ticks, clock.sleepers()]).toEqual([['start', 'end'], 0]);
  });
});

describe('periodic', () => {
  const depsWith = (clock: ReturnType<typeof manualClock>, warn: (o: object, m: string) => void): BackgroundDeps => ({
    db: {} as Db,
    config: { ALERT_EVALUATION_SECONDS: 60 } as Config,
    log: { warn } as unknown as FastifyBaseLogger,
    clock,
  });

  it('runs at its period (read from the configuration when given so), logs a failure with its name and goes on', async () => {
    const clock = manualClock(new Date(0));
    const warn = vi.fn();
    let runs = 0;
    const task = periodic(
      'every-minute',
      (config) => ({ periodMs: config.ALERT_EVALUATION_SECONDS * 1000 }),
      async () => {
        runs++;
        if (runs === 2) throw new Error('boom');
      },
    );
    const started = task.start(depsWith(clock, warn), async () => null);
    await clock.advance(59_999);
    expect(runs).toBe(0);
    await clock.advance(3 * 60_000);
    expect(runs).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([expect.objectContaining({ task: 'every-minute' }), 'a periodic task failed']);
    await started.stop();
    await clock.advance(10 * 60_000);
    expect(runs).toBe(3);
  });
});
