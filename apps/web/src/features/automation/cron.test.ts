// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cronProblem, cronToPreset, describeCron, nextRuns, presetToCron, type CronWords } from './cron';

const words: CronWords = {
  hourly: (m) => `hourly :${m}`,
  daily: (time) => `daily ${time}`,
  weekly: (days, time) => `weekly ${days} ${time}`,
  weekday: (d) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d]!,
};

describe('cron presets', () => {
  it('writes each preset as five fields', () => {
    expect(presetToCron({ kind: 'hourly', minute: 15 })).toBe('15 * * * *');
    expect(presetToCron({ kind: 'daily', time: '02:30' })).toBe('30 2 * * *');
    expect(presetToCron({ kind: 'weekly', days: [5, 1, 3, 1], time: '23:05' })).toBe('5 23 * * 1,3,5');
    expect(presetToCron({ kind: 'custom', cron: '  0  */6 * * 1-5 ' })).toBe('0 */6 * * 1-5');
  });

  it('refuses an incomplete preset', () => {
    expect(presetToCron({ kind: 'weekly', days: [], time: '02:00' })).toBeNull();
    expect(presetToCron({ kind: 'daily', time: '24:00' })).toBeNull();
    expect(presetToCron({ kind: 'hourly', minute: 60 })).toBeNull();
  });

  it('reads a cron back as the preset that writes it, else as custom', () => {
    expect(cronToPreset('15 * * * *')).toEqual({ kind: 'hourly', minute: 15 });
    expect(cronToPreset('30 2 * * *')).toEqual({ kind: 'daily', time: '02:30' });
    expect(cronToPreset('0 22 * * 6,0')).toEqual({ kind: 'weekly', days: [0, 6], time: '22:00' });
    expect(cronToPreset('0 22 * * 7')).toEqual({ kind: 'weekly', days: [0], time: '22:00' });
    expect(cronToPreset('0 */6 * * 1-5')).toEqual({ kind: 'custom', cron: '0 */6 * * 1-5' });
    expect(cronToPreset('0 2 1 * *')).toEqual({ kind: 'custom', cron: '0 2 1 * *' });
    for (const cron of ['15 * * * *', '30 2 * * *', '5 23 * * 1,3,5']) expect(presetToCron(cronToPreset(cron))).toBe(cron);
  });

  it('says why a cron is refused: not five fields, or not cron', () => {
    expect(cronProblem('0 2 * * *')).toBeNull();
    expect(cronProblem('0 2 * *')).toBe('fields');
    expect(cronProblem('0 0 2 * * *')).toBe('fields');
    expect(cronProblem('61 2 * * *')).toBe('syntax');
    expect(cronProblem('a b c d e')).toBe('syntax');
    expect(cronProblem('0 0 31 2 *')).toBe('never');
  });

  it('puts presets in words, custom crons not', () => {
    expect(describeCron('15 * * * *', words)).toBe('hourly :15');
    expect(describeCron('30 2 * * *', words)).toBe('daily 02:30');
    // Monday first, whatever cron's order.
    expect(describeCron('0 22 * * 0,6', words)).toBe('weekly Sat, Sun 22:00');
    expect(describeCron('0 */6 * * *', words)).toBeNull();
  });
});

describe('nextRuns', () => {
  const from = new Date('2026-03-27T12:00:00Z');

  it("gives the next five runs of the cron read in the schedule's zone", () => {
    const runs = nextRuns('30 2 * * *', 'Europe/Paris', 5, from).map((d) => d.toISOString());
    // 02:30 in Paris: 01:30 UTC in winter, 00:30 UTC in summer. On Sunday 29 March the clocks jump from 02:00 to
    // 03:00: that day's run is at 03:00 (01:00 UTC), the first minute that exists after 02:30.
    expect(runs).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
      '2026-03-31T00:30:00.000Z',
      '2026-04-01T00:30:00.000Z',
    ]);
  });

  it('the same cron in another zone runs at other instants', () => {
    const paris = nextRuns('0 2 * * 1', 'Europe/Paris', 1, from)[0]!;
    const tokyo = nextRuns('0 2 * * 1', 'Asia/Tokyo', 1, from)[0]!;
    expect(paris.toISOString()).toBe('2026-03-30T00:00:00.000Z');
    expect(tokyo.toISOString()).toBe('2026-03-29T17:00:00.000Z');
  });

  it('nothing for an invalid cron or zone', () => {
    expect(nextRuns('0 2 * *', 'UTC', 5, from)).toEqual([]);
    expect(nextRuns('0 2 * * *', 'Mars/Olympus', 5, from)).toEqual([]);
  });
});
