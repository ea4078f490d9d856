import type { PbsDatastoreUsage } from '@proxai/pve-client';
import { describe, expect, it } from 'vitest';
import { datastoreForecast, isFailedTask, pbsSummary, usageRow } from './pbs-usage';

const DAY = 86_400;
const NOW = new Date('2025-06-01T00:00:00Z');
const nowS = NOW.getTime() / 1000;
const TB = 1e12;

/** A datastore-usage answer whose history grows `perDay` (fraction of total) a day for 30 days up to `frac`. */
function buildUsage(frac: number, perDay: number, overrides: Partial<PbsDatastoreUsage> = {}): PbsDatastoreUsage {
  return {
    store: 'store1',
    total: 10 * TB,
    used: frac * 10 * TB,
    avail: (1 - frac) * 10 * TB,
    history: Array.from({ length: 30 }, (_, i) => frac - perDay * (29 - i)),
    'history-start': nowS - 29 * DAY,
    'history-delta': DAY,
    ...overrides,
  };
}

describe('PBS datastore forecast', () => {
  it('fits a line through the 30 days of history: 50 % used, +1 % a day, full in 50 days', () => {
    const at = Date.parse(datastoreForecast(buildUsage(0.5, 0.01), NOW)!);
    expect((at - NOW.getTime()) / (DAY * 1000)).toBeCloseTo(50, 0);
  });

  it('skips gaps in the history instead of reading them as empty', () => {
    const u = buildUsage(0.5, 0.01);
    u.history![3] = null;
    u.history![10] = null;
    const at = Date.parse(datastoreForecast(u, NOW)!);
    expect((at - NOW.getTime()) / (DAY * 1000)).toBeCloseTo(50, 0);
  });

  it('a flat or shrinking datastore never fills', () => {
    expect(datastoreForecast(buildUsage(0.5, 0), NOW)).toBeNull();
    expect(datastoreForecast(buildUsage(0.5, -0.001), NOW)).toBeNull();
  });

  it("with too little history, takes PBS's own estimate when it is a real future date", () => {
    const soon = nowS + 90 * DAY;
    const short = buildUsage(0.5, 0.01, { history: [0.5], 'estimated-full-date': soon });
    expect(datastoreForecast(short, NOW)).toBe(new Date(soon * 1000).toISOString());
    expect(datastoreForecast({ ...short, 'estimated-full-date': -1 }, NOW)).toBeNull();
    expect(datastoreForecast({ ...short, 'estimated-full-date': 0 }, NOW)).toBeNull();
    expect(datastoreForecast({ store: 'x', error: 'offline' }, NOW)).toBeNull();
  });

  it('a datastore PBS cannot read keeps only its name and the reason', () => {
    expect(usageRow({ store: 'offsite', error: "datastore 'offsite' is in read-only maintenance mode" }, NOW)).toEqual({
      name: 'offsite',
      total: null,
      used: null,
      avail: null,
      forecastFullAt: null,
      error: "datastore 'offsite' is in read-only maintenance mode",
    });
    expect(usageRow(buildUsage(0.25, 0), NOW)).toMatchObject({ name: 'store1', total: 10 * TB, used: 2.5 * TB, error: null });
  });
});

describe('PBS tasks and summaries', () => {
  it('a task failed when it ended neither OK nor with warnings', () => {
    expect(isFailedTask({ status: 'OK', endtime: 1 })).toBe(false);
    expect(isFailedTask({ status: 'WARNINGS: 2', endtime: 1 })).toBe(false);
    expect(isFailedTask({ status: undefined })).toBe(false);
    expect(isFailedTask({ status: 'verification failed - please check the log for details', endtime: 1 })).toBe(true);
    expect(isFailedTask({ status: 'unknown', endtime: 1 })).toBe(true);
  });

  it('the host list summary is null before the first poll', () => {
    expect(pbsSummary(undefined)).toBeNull();
    const readAt = new Date('2025-01-01T00:00:00Z');
    expect(
      pbsSummary({
        hostId: '00000000-0000-4000-8000-000000000000',
        datastores: [{ name: 's', total: 2, used: 1, avail: 1, forecastFullAt: null, error: null }],
        failedTasks: 3,
        tasksReadAt: readAt,
        readAt,
      }),
    ).toEqual({
      datastores: [{ name: 's', total: 2, used: 1, avail: 1, forecast_full_at: null, error: null }],
      failed_tasks_24h: 3,
      read_at: '2025-01-01T00:00:00.000Z',
    });
  });
});
