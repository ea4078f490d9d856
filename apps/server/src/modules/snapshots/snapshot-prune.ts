/**
 * Which snapshots a snapshot policy deletes: proxmox-backup's prune rules (pbs-datastore `prune.rs`, the rules
 * vzdump's prune-backups uses too) applied to the policy's own snapshots only.
 *
 * A policy names its snapshots `<prefix>-YYYYMMDDhhmmss` (UTC). Only a name matching that exactly, for the
 * policy's prefix and a real date and time, is the policy's: anything else (a snapshot a person took, another
 * policy's prefix, 'auto-2024' or 'auto-20241301000000') is never selected.
 *
 * The rules, newest first, in this order: keep-last N keeps the N newest; keep-hourly N keeps the newest of each of
 * the N most recent hours that have one, keep-daily days, keep-weekly ISO weeks (Monday to Sunday). A period is
 * not counted by a rule when an earlier rule already kept a snapshot in it; within a period only the newest can
 * be kept, and the older ones of a period a rule covered are deleted even if a later rule's period holds them.
 * Periods are UTC, like the names. Rules that keep nothing (all 0) delete nothing, as in proxmox-backup.
 */

export interface PruneRules {
  prefix: string;
  keep_last: number;
  keep_hourly: number;
  keep_daily: number;
  keep_weekly: number;
}

const STAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The policy snapshot name for `at`: `<prefix>-YYYYMMDDhhmmss`, UTC. */
export function policySnapshotName(prefix: string, at: Date): string {
  return `${prefix}-${at.toISOString().replace(/\D/g, '').slice(0, 14)}`;
}

/** True for a name some policy could have made: a prefix (a letter, then up to 19 letters, digits, _), '-', 14 digits. */
export const isPolicySnapshotName = (name: string): boolean => /^[A-Za-z][A-Za-z0-9_]{0,19}-\d{14}$/.test(name);

/** The time in a name of the policy with `prefix`, or undefined when the name is not exactly one of its names. */
export function policySnapshotTime(name: string, prefix: string): Date | undefined {
  if (!name.startsWith(`${prefix}-`)) return undefined;
  const m = STAMP.exec(name.slice(prefix.length + 1));
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls over (month 13, 25 o'clock): a name that does not read back the same is not a policy name.
  return policySnapshotName(prefix, at) === name ? at : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 week of a UTC date: 'YYYY/WW' with the week-numbering year (late December can be next year's week 1). */
function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  // The Thursday of this week decides its year.
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}/${pad(week)}`;
}

const PERIODS: { rule: Exclude<keyof PruneRules, 'prefix'>; of: (at: Date) => string }[] = [
  { rule: 'keep_last', of: (at) => String(at.getTime()) },
  { rule: 'keep_hourly', of: (at) => at.toISOString().slice(0, 13) },
  { rule: 'keep_daily', of: (at) => at.toISOString().slice(0, 10) },
  { rule: 'keep_weekly', of: isoWeek },
];

/**
 * The names of the policy's snapshots that `rules` do not keep (newest first). Snapshots that are not the
 * policy's (see policySnapshotTime) are never in the answer, whatever the rules.
 */
export function selectSnapshotsToPrune(snapshots: readonly { name: string }[], rules: PruneRules): string[] {
  if (PERIODS.every((p) => rules[p.rule] <= 0)) return [];
  const own = snapshots
    .flatMap((s) => {
      const at = policySnapshotTime(s.name, rules.prefix);
      return at ? [{ name: s.name, at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const mark = new Map<string, 'keep' | 'remove'>();
  for (const { rule, of } of PERIODS) {
    const keep = rules[rule];
    if (keep <= 0) continue;
    // Periods in which an earlier rule already kept a snapshot do not count for this one.
    const covered = new Set(own.filter((s) => mark.get(s.name) === 'keep').map((s) => of(s.at)));
    const kept = new Set<string>();
    for (const s of own) {
      if (mark.has(s.name)) continue;
      const period = of(s.at);
      if (covered.has(period)) continue;
      if (kept.has(period)) {
        mark.set(s.name, 'remove');
        continue;
      }
      if (kept.size >= keep) break;
      kept.add(period);
      mark.set(s.name, 'keep');
    }
  }
  return own.filter((s) => mark.get(s.name) !== 'keep').map((s) => s.name);
}
