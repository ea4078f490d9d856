import { describe, expect, it } from 'vitest';
import { markPrune, parseKeep } from './prune';

const DAY = 86_400;
const T0 = Date.UTC(2024, 5, 30, 23, 0, 0) / 1000; // Sunday 2024-06-30 23:00 UTC

describe('markPrune', () => {
  it('keeps the newest per day for keep-daily, after keep-last; protected ones always', () => {
    // Two backups a day for five days, newest first.
    const list = Array.from({ length: 10 }, (_, i) => ({
      time: T0 - Math.floor(i / 2) * DAY - (i % 2) * 3600,
      protected: i === 9,
    }));
    const marks = markPrune(list, { 'keep-last': 1, 'keep-daily': 2 });
    expect(list.map((b) => marks.get(b))).toEqual([
      'keep',
      'remove',
      'keep',
      'remove',
      'keep',
      'remove',
      'remove',
      'remove',
      'remove',
      'protected',
    ]);
  });

  it('keeps everything without options and weekly picks one per ISO week', () => {
    const list = Array.from({ length: 14 }, (_, i) => ({ time: T0 - i * DAY }));
    expect([...markPrune(list, {}).values()].every((m) => m === 'keep')).toBe(true);
    const weekly = markPrune(list, { 'keep-weekly': 2 });
    // 2024-06-30 is a Sunday (week 26); the next kept one is the Sunday before (week 25).
    expect(list.filter((b) => weekly.get(b) === 'keep').map((b) => (T0 - b.time) / DAY)).toEqual([0, 7]);
  });

  it('parses the prune-backups property string', () => {
    expect(parseKeep('keep-last=3,keep-daily=7')).toEqual({ 'keep-last': 3, 'keep-daily': 7 });
    expect(parseKeep('keep-last=x')).toBeUndefined();
    expect(parseKeep('keep-forever=1')).toBeUndefined();
  });
});
