import type { Weekday } from '@proxai/contract';

/**
 * Maintenance windows in their own time zone (pure: no database, no clock). A window opens on each of its days at
 * `start` wall-clock time and stays open `durationMinutes` real minutes, so it may cross midnight and, at most a
 * week long, overlap its next opening (overlapping openings are one open stretch). A start that does not exist on
 * a DST day (02:30 when clocks jump from 02:00 to 03:00) opens when the jump ends (03:00); a start that exists
 * twice (clocks going back) opens at the first one: the instants croner gives a cron occurrence at those times.
 */

export interface WindowSpec {
  days: readonly Weekday[];
  /** 'HH:MM'. */
  start: string;
  durationMinutes: number;
  timezone: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Date.getUTCDay() order (0 = Sunday). */
const WEEKDAY_BY_INDEX: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time at instant `t` in `timeZone`, as if it were UTC (ms). */
function wallClockMs(t: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(t));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** How far `timeZone` is ahead of UTC at instant `t` (ms, whole seconds). */
export function zoneOffsetMs(t: number, timeZone: string): number {
  const whole = Math.floor(t / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The instant a wall-clock time (given as if UTC, ms) happens in `timeZone` (gaps and repeats as said above). */
export function zonedInstant(wallMs: number, timeZone: string): number {
  // At most one offset change within a day of any instant, in every real time zone.
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  const fits = [wallMs - before, wallMs - after].filter((t) => zoneOffsetMs(t, timeZone) === wallMs - t);
  // A repeated time has two instants: the first.
  if (fits.length > 0) return Math.min(...fits);
  // A skipped time has none: the instant the jump ends (offset `before` at lo, `after` at hi), found to the second.
  let [lo, hi] = [wallMs - after, wallMs - before];
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (zoneOffsetMs(mid, timeZone) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The local calendar day of instant `t` in `timeZone`, as midnight UTC of that date (ms). */
function localDay(t: number, timeZone: string): number {
  return Math.floor(wallClockMs(t, timeZone) / DAY_MS) * DAY_MS;
}

const startOffsetMs = (start: string) => {
  const [h = '0', m = '0'] = start.split(':');
  return (Number(h) * 60 + Number(m)) * MINUTE_MS;
};

/** Openings [start, end) of the window whose start falls on a local day from `fromDay` to `toDay` (inclusive). */
function openingsBetween(w: WindowSpec, fromDay: number, toDay: number): [number, number][] {
  const out: [number, number][] = [];
  const days = new Set(w.days);
  for (let day = fromDay; day <= toDay; day += DAY_MS) {
    if (!days.has(WEEKDAY_BY_INDEX[new Date(day).getUTCDay()]!)) continue;
    const start = zonedInstant(day + startOffsetMs(w.start), w.timezone);
    out.push([start, start + w.durationMinutes * MINUTE_MS]);
  }
  return out;
}

/** The open stretch of the window around instant `t` (overlapping or touching openings joined), or undefined when closed. */
export function openStretchAt(w: WindowSpec, t: Date): { start: Date; end: Date } | undefined {
  const at = t.getTime();
  const today = localDay(at, w.timezone);
  // A window lasts at most a week: openings that can still be open at `t` started within the last 8 days; joined
  // stretches may run on into the next week.
  const spanDays = Math.ceil(w.durationMinutes / (24 * 60)) + 1;
  const openings = openingsBetween(w, today - spanDays * DAY_MS, today + 8 * DAY_MS);
  let stretch: [number, number] | undefined;
  for (const [s, e] of openings) {
    if (stretch && s <= stretch[1]) stretch[1] = Math.max(stretch[1], e);
    else if (s <= at) stretch = [s, e];
    else break;
    if (stretch[1] <= at) stretch = undefined;
  }
  return stretch && stretch[0] <= at && at < stretch[1] ? { start: new Date(stretch[0]), end: new Date(stretch[1]) } : undefined;
}

/** Whether instant `t` is inside the window. */
export const isInWindow = (w: WindowSpec, t: Date): boolean => openStretchAt(w, t) !== undefined;

/** Whole minutes left before the window closes, counted from `t` (0 when it is closed). */
export function minutesLeft(w: WindowSpec, t: Date): number {
  const stretch = openStretchAt(w, t);
  return stretch ? Math.floor((stretch.end.getTime() - t.getTime()) / MINUTE_MS) : 0;
}
