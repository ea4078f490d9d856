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
  /** Unique per occurrence and lane. */
  key: string;
  occurrence: PlanOccurrence;
  /** 0 = Monday. */
  day: number;
  /** Minutes from the day's midnight to the start. */
  startMinute: number;
  /** Drawn length, cut at midnight (the occurrence itself may run on). */
  minutes: number;
  /** Whether the occurrence runs past midnight. */
  continues: boolean;
  hostId: string;
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * One block per occurrence and host, for the days of `week` (occurrences outside it are left out), restricted to
 * `hostIds` when given.
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
    if (at < week.start || at >= week.end) continue;
    const p = zonedParts(at, zone);
    const day = daysBetween(first, p);
    if (day < 0 || day > 6) continue;
    const startMinute = p.hour * 60 + p.minute;
    const length = Math.max(1, occurrence.estimated_minutes);
    const minutes = Math.min(length, MINUTES_PER_DAY - startMinute);
    const hosts = occurrence.host_ids.length > 0 ? occurrence.host_ids : [NO_HOST];
    for (const hostId of hosts) {
      if (hostIds && !hostIds.has(hostId)) continue;
      blocks.push({
        key: `${occurrence.schedule_id}|${occurrence.at}|${hostId}`,
        occurrence,
        day,
        startMinute,
        minutes,
        continues: length > minutes,
        hostId,
      });
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
