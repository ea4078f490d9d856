import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { acceleratedClock } from './accelerated-clock';

describe('acceleratedClock', () => {
  it('passes a wait 20 times faster, never waking the sleeper before its end', async () => {
    const clock = acceleratedClock(20);
    const from = clock.now().getTime();
    const realFrom = performance.now();
    await clock.sleep(2000);
    expect(clock.now().getTime() - from).toBeGreaterThanOrEqual(2000);
    expect(performance.now() - realFrom).toBeLessThan(1000);
  });

  it('passes work at the real pace', () => {
    const clock = acceleratedClock(20);
    const from = clock.now().getTime();
    const realFrom = performance.now();
    while (performance.now() - realFrom < 50); // the event loop works, never waits
    const real = performance.now() - realFrom;
    expect(clock.now().getTime() - from).toBeLessThanOrEqual(Math.ceil(real));
    expect(clock.now().getTime() - from).toBeGreaterThanOrEqual(Math.floor(real) - 1);
  });

  it('starts at the time given', () => {
    const at = acceleratedClock(20, new Date(1_000_000)).now().getTime();
    expect(at).toBeGreaterThanOrEqual(1_000_000);
    expect(at).toBeLessThan(1_000_000 + 100);
  });
});
