import { describe, expect, it } from 'vitest';
import { cronOf } from './schedule-logic';
import { isInWindow, minutesLeft, openStretchAt, zonedInstant, zoneOffsetMs, type WindowSpec } from './window-logic';

const at = (iso: string) => new Date(iso);
const win = (w: Partial<WindowSpec>): WindowSpec => ({
  days: ['mon'],
  start: '02:00',
  durationMinutes: 120,
  timezone: 'UTC',
  ...w,
});

describe('time zone arithmetic', () => {
  it('knows the offset of a zone at an instant, summer and winter', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Paris')).toBe(60 * 60_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Paris')).toBe(120 * 60_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240 * 60_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330 * 60_000);
  });

  it('finds the instant of a wall-clock time: a skipped one when the jump ends, the first of a repeated one', () => {
    expect(new Date(zonedInstant(Date.parse('2026-01-15T02:30:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-01-15T01:30:00.000Z',
    );
    // 2026-03-29 in Paris: 02:00 CET becomes 03:00 CEST; 02:30 does not exist: 03:00 CEST, as croner has it.
    expect(new Date(zonedInstant(Date.parse('2026-03-29T02:30:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(new Date(zonedInstant(Date.parse('2026-03-08T02:15:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    // 2026-10-25 in Paris: 03:00 CEST becomes 02:00 CET; 02:30 happens twice, first at 00:30 UTC.
    expect(new Date(zonedInstant(Date.parse('2026-10-25T02:30:00Z'), 'Europe/Paris')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('maintenance windows', () => {
  it('contains the instants from its start, on its days, until it has lasted its duration (end excluded)', () => {
    const w = win({}); // Mondays 02:00–04:00 UTC; 2026-11-23 is a Monday.
    expect(isInWindow(w, at('2026-11-23T01:59:59Z'))).toBe(false);
    expect(isInWindow(w, at('2026-11-23T02:00:00Z'))).toBe(true);
    expect(minutesLeft(w, at('2026-11-23T02:30:00Z'))).toBe(90);
    expect(minutesLeft(w, at('2026-11-23T03:59:30Z'))).toBe(0);
    expect(isInWindow(w, at('2026-11-23T03:59:30Z'))).toBe(true);
    expect(isInWindow(w, at('2026-11-23T04:00:00Z'))).toBe(false);
    expect(isInWindow(w, at('2026-11-24T02:30:00Z'))).toBe(false);
    expect(minutesLeft(w, at('2026-11-24T02:30:00Z'))).toBe(0);
  });

  it('crosses midnight into the next day, and the week into Monday, in its own time zone', () => {
    // Saturdays 23:00 Paris (22:00 UTC in winter) for 3 hours: open on Sunday until 02:00 Paris.
    const saturdayNight = win({ days: ['sat'], start: '23:00', durationMinutes: 180, timezone: 'Europe/Paris' });
    expect(isInWindow(saturdayNight, at('2026-11-28T21:59:00Z'))).toBe(false);
    expect(minutesLeft(saturdayNight, at('2026-11-28T22:00:00Z'))).toBe(180);
    expect(minutesLeft(saturdayNight, at('2026-11-29T00:30:00Z'))).toBe(30);
    expect(isInWindow(saturdayNight, at('2026-11-29T01:00:00Z'))).toBe(false);
    // Only the day it opens counts: a Sunday window is not open late on Saturday.
    expect(
      isInWindow(
        win({ days: ['sun'], start: '23:00', durationMinutes: 180, timezone: 'Europe/Paris' }),
        at('2026-11-28T22:30:00Z'),
      ),
    ).toBe(false);
    const sundayNight = win({ days: ['sun'], start: '22:00', durationMinutes: 240 });
    expect(minutesLeft(sundayNight, at('2026-11-30T01:00:00Z'))).toBe(60);
  });

  it('lasts its real minutes across a DST change, and opens when the jump ends when its start is skipped', () => {
    // 2026-03-29, Paris: from 01:00 CET (00:00 UTC) for 3 hours, until 05:00 CEST (03:00 UTC).
    const springNight = win({ days: ['sun'], start: '01:00', durationMinutes: 180, timezone: 'Europe/Paris' });
    expect(openStretchAt(springNight, at('2026-03-29T02:30:00Z'))).toEqual({
      start: at('2026-03-29T00:00:00Z'),
      end: at('2026-03-29T03:00:00Z'),
    });
    expect(minutesLeft(springNight, at('2026-03-29T02:30:00Z'))).toBe(30);
    // A 02:30 start does not exist that night: the window opens when the clocks have jumped, at 03:00 CEST, when
    // croner runs a '30 2 * * *' occurrence.
    const skipped = win({ days: ['sun'], start: '02:30', durationMinutes: 60, timezone: 'Europe/Paris' });
    expect(isInWindow(skipped, at('2026-03-29T00:59:00Z'))).toBe(false);
    expect(minutesLeft(skipped, at('2026-03-29T01:00:00Z'))).toBe(60);
    expect(cronOf('30 2 * * *', 'Europe/Paris').nextRun(at('2026-03-28T12:00:00Z'))).toEqual(at('2026-03-29T01:00:00Z'));
    // 2026-10-25, Paris: 02:30 happens twice; the window opens at the first (00:30 UTC) and lasts one real hour.
    const autumn = win({ days: ['sun'], start: '02:30', durationMinutes: 60, timezone: 'Europe/Paris' });
    expect(minutesLeft(autumn, at('2026-10-25T01:15:00Z'))).toBe(15);
    expect(isInWindow(autumn, at('2026-10-25T01:30:00Z'))).toBe(false);
    // New York, 2026-03-08: 01:30 EST (06:30 UTC) for an hour ends at 03:30 EDT.
    const newYork = win({ days: ['sun'], start: '01:30', durationMinutes: 60, timezone: 'America/New_York' });
    expect(openStretchAt(newYork, at('2026-03-08T07:00:00Z'))?.end).toEqual(at('2026-03-08T07:30:00Z'));
  });

  it('joins openings that overlap into one open stretch', () => {
    // Mondays and Tuesdays at midnight for 25 hours: open from Monday 00:00 until Wednesday 01:00.
    const w = win({ days: ['mon', 'tue'], start: '00:00', durationMinutes: 25 * 60 });
    expect(minutesLeft(w, at('2026-11-23T12:00:00Z'))).toBe(37 * 60);
    expect(isInWindow(w, at('2026-11-25T00:59:00Z'))).toBe(true);
    expect(isInWindow(w, at('2026-11-25T01:00:00Z'))).toBe(false);
    // A whole week on every Monday is always open.
    const always = win({ days: ['mon'], start: '00:00', durationMinutes: 7 * 24 * 60 });
    expect(isInWindow(always, at('2026-11-29T23:59:00Z'))).toBe(true);
    expect(isInWindow(always, at('2026-11-30T00:00:00Z'))).toBe(true);
  });
});
