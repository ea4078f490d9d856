import type { PlanOccurrence } from '@proxai/contract';
import { daysBetween, zonedParts, zonedTime } from './time-zones';

// The planner's week: seven days from Monday 00:00 in the person's zone, and where each occurrence of the plan
// is drawn in it (day, minutes from midnight, length) once per host it works on.

export interface Week {
  /** Monday 00:00 in the zone. */
  start: Date;
  /** The next Monday 00:00 (exclusive end). */
  end: Date;
  /** The seven days' midnights. */
  days: Date[];
}

/** The week holding `instant`, moved by `offset` weeks (-1: the one before). */
export function weekOf(instant: Date, zone: string, offset = 0): Week {
  const p = zonedParts(instant, zone);
  const monday = p.day - p.weekday + offset * 7;
  const days = Array.from({ length: 7 }, (_, i) => zonedTime(zone, p.year, p.month, monday + i));
  return { start: days[0]!, end: zonedTime(zone, p.year, p.month, monday + 7), days };
}

/** The planner's lane of occurrences that touch no host (their selector matches no guest yet). */
export const NO_HOST = '';

export interface PlanBlock {
  /** Unique per occurrence, lane and day. */
  key: string;
  occurrence: PlanOccurrence;
  /** 0 = Monday. */
  day: number;
  /** Minutes from the day's midnight to the start (0 for the part after a midnight). */
  startMinute: number;
  /** Drawn length on this day, cut at midnight. */
  minutes: number;
  /** Whether the occurrence runs on past this day's midnight (its next part is the next day's block). */
  continues: boolean;
  /** Whether this block is the part after a midnight of an occurrence that started on an earlier day. */
  continued: boolean;
  hostId: string;
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * One block per occurrence, host and day of `week` it runs in: an occurrence running past midnight is drawn on
 * both days (a 23:30 backup of two hours is half an hour on its day and 1 h 30 on the next), one started late the
 * week before shows its part on Monday. Restricted to `hostIds` when given.
 */
export function planBlocks(
  occurrences: readonly PlanOccurrence[],
  week: Week,
  zone: string,
  hostIds?: ReadonlySet<string>,
): PlanBlock[] {
  const first = zonedParts(week.start, zone);
  const blocks: PlanBlock[] = [];
  for (const occurrence of occurrences) {
    const at = new Date(occurrence.at);
    const length = Math.max(1, occurrence.estimated_minutes);
    if (at >= week.end || at.getTime() + length * 60_000 <= week.start.getTime()) continue;
    const p = zonedParts(at, zone);
    const startDay = daysBetween(first, p);
    // Walk the days it covers: the first part from its start, each later part from midnight.
    let day = startDay;
    let startMinute = p.hour * 60 + p.minute;
    let left = length;
    while (left > 0 && day <= 6) {
      const minutes = Math.min(left, MINUTES_PER_DAY - startMinute);
      if (day >= 0) {
        const hosts = occurrence.host_ids.length > 0 ? occurrence.host_ids : [NO_HOST];
        for (const hostId of hosts) {
          if (hostIds && !hostIds.has(hostId)) continue;
          blocks.push({
            key: `${occurrence.schedule_id}|${occurrence.at}|${hostId}|${day - startDay}`,
            occurrence,
            day,
            startMinute,
            minutes,
            continues: left > minutes,
            continued: day > startDay,
            hostId,
          });
        }
      }
      left -= minutes;
      day += 1;
      startMinute = 0;
    }
  }
  return blocks.sort((a, b) => a.day - b.day || a.startMinute - b.startMinute || a.key.localeCompare(b.key));
}

/** The hosts the week's occurrences touch, in `order` (host names), those without a name last. */
export function laneHosts(occurrences: readonly PlanOccurrence[], names: ReadonlyMap<string, string>): string[] {
  const ids = new Set<string>();
  for (const o of occurrences) {
    if (o.host_ids.length === 0) ids.add(NO_HOST);
    for (const id of o.host_ids) ids.add(id);
  }
  const rank = (id: string) => (id === NO_HOST ? '\uffff' : (names.get(id) ?? `\ufffe${id}`));
  return [...ids].sort((a, b) => rank(a).localeCompare(rank(b)));
}
