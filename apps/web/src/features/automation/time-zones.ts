// Wall-clock arithmetic in an IANA time zone with the browser's Intl only: the planner's week starts on Monday
// 00:00 in the person's zone, and occurrences (UTC instants) are drawn at their local day and time there.

/** The browser's own zone, the default when the profile has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let zones: readonly string[] | undefined;

/** Every zone the browser knows, 'UTC' included (some engines list only 'Etc/UTC'). */
export function timeZones(): readonly string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = known.includes('UTC') ? known : ['UTC', ...known];
  }
  return zones;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Monday … 6 = Sunday (ISO order, the planner's columns). */
  weekday: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** The wall-clock date and time of `instant` in `zone`. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    partFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? 'Mon'] ?? 0,
  };
}

/** Offset of `zone` from UTC at `instant`, in ms (Paris in winter: +3,600,000). */
function offsetAt(instant: number, zone: string): number {
  const p = zonedParts(new Date(instant), zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - (instant - (instant % 60_000));
}

/**
 * The instant at which the clocks of `zone` show this date and time. Out-of-range fields roll over as in
 * Date.UTC (day 32 is the next month's first), so "7 days later" is `day + 7`. A time skipped by a DST change
 * lands just after it.
 */
export function zonedTime(zone: string, year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  return new Date(second);
}

/** Calendar days from the date (y, m, d) of `a` to that of `b`, both read in the same zone. */
export function daysBetween(
  a: Pick<ZonedParts, 'year' | 'month' | 'day'>,
  b: Pick<ZonedParts, 'year' | 'month' | 'day'>,
): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}
