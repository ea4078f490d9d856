import { describe, expect, it } from 'vitest';
import { forecastFull } from './forecast';

const GB = 1024 ** 3;
const now = 1_800_000_000;

/** 30 days of hourly `used`, from `start` growing by `perDay`, with a little deterministic noise and some gaps. */
function history(start: number, perDay: number, gapsEvery = 0) {
  const t: number[] = [];
  const used: (number | null)[] = [];
  for (let h = 30 * 24; h > 0; h--) {
    const x = now - h * 3600;
    t.push(x);
    const noise = Math.sin(h) * 0.2 * GB;
    used.push(gapsEvery && h % gapsEvery === 0 ? null : start + (perDay * (x - (now - 30 * 86_400))) / 86_400 + noise);
  }
  return { t, used };
}

describe('forecastFull', () => {
  it('finds the growth and the days left of a storage filling by 10 GB a day', () => {
    const { t, used } = history(600 * GB, 10 * GB, 7);
    const f = forecastFull(t, used, 1000 * GB, 900 * GB);
    expect(f.slopePerDay! / GB).toBeCloseTo(10, 1);
    expect(f.daysUntilFull).toBeCloseTo(10, 0);
  });

  it('answers null for a flat or shrinking storage, 0 for a full one', () => {
    const flat = history(500 * GB, 0);
    expect(forecastFull(flat.t, flat.used, 1000 * GB, 500 * GB).daysUntilFull).toBeNull();
    const shrinking = history(800 * GB, -5 * GB);
    const s = forecastFull(shrinking.t, shrinking.used, 1000 * GB, 650 * GB);
    expect(s.slopePerDay! < 0).toBe(true);
    expect(s.daysUntilFull).toBeNull();
    expect(forecastFull(flat.t, flat.used, 400 * GB, 500 * GB).daysUntilFull).toBe(0);
  });

  it('needs some history: too few points or too short a span give nothing', () => {
    expect(forecastFull([now - 60, now], [1, 2], 10, 2)).toEqual({ slopePerDay: null, daysUntilFull: null });
    expect(forecastFull([now - 120, now - 60, now], [1, 2, 3], 10, 3)).toEqual({ slopePerDay: null, daysUntilFull: null });
    expect(forecastFull([now - 3 * 86_400, now - 2 * 86_400, now - 86_400], [null, null, 5], 10, 5).daysUntilFull).toBeNull();
  });

  it('a storage without a size has a slope but no date', () => {
    const { t, used } = history(1 * GB, 1 * GB);
    const f = forecastFull(t, used, null, null);
    expect(f.slopePerDay! / GB).toBeCloseTo(1, 1);
    expect(f.daysUntilFull).toBeNull();
  });
});
