import { Cron } from 'croner';
import type { ScheduleKind } from '@proxai/contract';

/** Rules of schedules that need no database or clock: cron and time zones, estimates, planner conflicts. */

const knownZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/**
 * An IANA time zone this server can compute in: a canonical name, 'UTC', or an alias Intl accepts
 * ('Asia/Calcutta'). UTC offsets ('+02:00') and abbreviations ('CET') are refused: they do not follow DST.
 */
export function isKnownTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export type CronCheck = { ok: true; cron: Cron } | { ok: false; problem: 'fields' | 'never' | 'invalid'; reason?: string };

/** Parses a 5-field cron (minute hour day-of-month month day-of-week) in `timeZone` (a known one). */
export function parseCron(expression: string, timeZone: string): CronCheck {
  if (expression.trim().split(/\s+/).length !== 5) return { ok: false, problem: 'fields' };
  // croner reads '?' as "the value at the time the pattern is read": every replica and tick would differ.
  if (expression.includes('?')) return { ok: false, problem: 'invalid', reason: "'?' is not supported, write * instead" };
  let cron: Cron;
  try {
    cron = new Cron(expression.trim(), { timezone: timeZone, mode: '5-part' });
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^CronPattern: /, '') : String(err);
    return { ok: false, problem: 'invalid', reason };
  }
  // '0 0 31 2 *' parses, but no date matches it.
  if (!cron.nextRun(new Date())) return { ok: false, problem: 'never' };
  return { ok: true, cron };
}

/** A cron already stored (validated when saved). */
export function cronOf(expression: string, timeZone: string): Cron {
  return new Cron(expression, { timezone: timeZone, mode: '5-part' });
}

/** Occurrences of `cron` in [from, to), at most `max` (the caller knows there are more when it gets `max`). */
export function occurrencesBetween(cron: Cron, from: Date, to: Date, max: number): Date[] {
  const out: Date[] = [];
  let next = cron.nextRun(new Date(from.getTime() - 1));
  while (next && next < to && out.length < max) {
    out.push(next);
    next = cron.nextRun(next);
  }
  return out;
}

/** The newest occurrence at or before `t`. */
export function latestOccurrence(cron: Cron, t: Date): Date | undefined {
  return cron.previousRuns(1, new Date(t.getTime() + 1))[0];
}

/** What the scheduler knows of a schedule to find its due occurrence. */
export interface DueInput {
  cron: string;
  timezone: string;
  lastOccurrenceAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The occurrence of a schedule to handle at `now`, if any: its newest occurrence at or before `now` that is newer
 * than what was handled. Older ones not handled are dropped (only the newest missed one may run). It is `missed`
 * when it is more than `graceMs` old: no replica was running at its time, so it runs only for `catch_up`.
 *
 * Handled means: up to `last_occurrence_at`, else up to the schedule's creation. A change (re-enabling, a new
 * cron) counts as handled up to `graceMs` before it, so it does not bring back occurrences from before it,
 * yet an edit made just after an occurrence the scheduler had not reached yet does not lose that occurrence.
 */
export function dueOccurrence(s: DueInput, now: Date, graceMs: number): { at: Date; missed: boolean } | undefined {
  const latest = latestOccurrence(cronOf(s.cron, s.timezone), now);
  if (!latest) return undefined;
  const handled = Math.max(
    (s.lastOccurrenceAt ?? s.createdAt).getTime(),
    s.updatedAt > s.createdAt ? s.updatedAt.getTime() - graceMs : s.createdAt.getTime(),
  );
  if (latest.getTime() <= handled) return undefined;
  return { at: latest, missed: now.getTime() - latest.getTime() > graceMs };
}

/**
 * How long a job takes when it has no history: a base per block of guests, never under the base. Snapshots:
 * 2 minutes per 10 guests; guest actions: 1 minute per 20 guests; backups: 10 minutes per 5 guests (vzdump takes
 * them one at a time per node); restore tests: 15 minutes per guest (restore, boot, probes, cleanup).
 */
export const DEFAULT_ESTIMATES: Record<ScheduleKind, { minutes: number; perGuests: number }> = {
  snapshot: { minutes: 2, perGuests: 10 },
  guest_action: { minutes: 1, perGuests: 20 },
  backup: { minutes: 10, perGuests: 5 },
  'restore-test': { minutes: 15, perGuests: 1 },
};

/** How many of its last succeeded runs a schedule's estimate is the median of. */
export const ESTIMATE_HISTORY_RUNS = 5;

/** Estimated minutes of a run: the median of its last succeeded runs (ms), else the kind's default for `guests`. */
export function estimateMinutes(kind: ScheduleKind, guests: number, historyMs: readonly number[]): number {
  if (historyMs.length > 0) {
    const sorted = [...historyMs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return Math.max(1, Math.ceil(median / 60_000));
  }
  const { minutes, perGuests } = DEFAULT_ESTIMATES[kind];
  return Math.max(1, Math.ceil(guests / perGuests)) * minutes;
}

/** Snapshots, backups and restore tests load their guests' storage; a power action barely does. */
export const isIoHeavy = (kind: ScheduleKind): boolean => kind !== 'guest_action';

export interface PlannedRun {
  scheduleId: string;
  scheduleName: string;
  kind: ScheduleKind;
  start: number;
  end: number;
  hostIds: readonly string[];
}

export interface PlanConflict {
  schedule_id: string;
  schedule_name: string;
  at: string;
  host_id: string | null;
  storage: string | null;
}

/** Conflicts listed per occurrence at most (a schedule every minute on every host would otherwise list thousands). */
export const MAX_CONFLICTS_PER_OCCURRENCE = 20;

/**
 * For each run (same order), the I/O-heavy runs that overlap it in time on a host they share (the first shared
 * host is named), or else on a shared storage both runs' hosts use (an NFS or Ceph storage of the same name,
 * named). Which storage each guest's disks are on is not read, so a storage conflict means "these hosts share
 * this storage", not "these guests' disks are on it".
 */
export function planConflicts(
  runs: readonly PlannedRun[],
  sharedStorages: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): PlanConflict[][] {
  const out: PlanConflict[][] = runs.map(() => []);
  const heavy = runs
    .map((run, index) => ({ run, index, hosts: new Set(run.hostIds) }))
    .filter((r) => isIoHeavy(r.run.kind) && r.hosts.size > 0)
    .sort((a, b) => a.run.start - b.run.start);
  const storagesOf = (hosts: Set<string>) => new Set([...hosts].flatMap((h) => [...(sharedStorages.get(h) ?? [])]));
  const note = (to: number, other: PlannedRun, hostId: string | null, storage: string | null = null) => {
    const list = out[to]!;
    if (list.length >= MAX_CONFLICTS_PER_OCCURRENCE) return;
    list.push({
      schedule_id: other.scheduleId,
      schedule_name: other.scheduleName,
      at: new Date(other.start).toISOString(),
      host_id: hostId,
      storage,
    });
  };
  for (let i = 0; i < heavy.length; i++) {
    const a = heavy[i]!;
    for (let j = i + 1; j < heavy.length && heavy[j]!.run.start < a.run.end; j++) {
      const b = heavy[j]!;
      const shared = [...a.hosts].filter((h) => b.hosts.has(h)).sort()[0];
      if (shared) {
        note(a.index, b.run, shared);
        note(b.index, a.run, shared);
        continue;
      }
      const bStorages = storagesOf(b.hosts);
      const storage = [...storagesOf(a.hosts)].filter((s) => bStorages.has(s)).sort()[0];
      if (!storage) continue;
      note(a.index, b.run, null, storage);
      note(b.index, a.run, null, storage);
    }
  }
  return out;
}
