/**
 * Retention as PBS and PVE compute it (pbs-datastore prune.rs `compute_prune_info`, pve-storage
 * `prune_mark_backup_group`): newest first, keep-last, then one backup per hour / day / week / month / year
 * for the last N of each that are not already covered; protected backups are always kept. Times in the node's
 * local time (UTC in the simulator).
 */

export interface KeepOptions {
  'keep-last'?: number;
  'keep-hourly'?: number;
  'keep-daily'?: number;
  'keep-weekly'?: number;
  'keep-monthly'?: number;
  'keep-yearly'?: number;
}

export type PruneMark = 'keep' | 'remove' | 'protected';

const KEYS = ['keep-last', 'keep-hourly', 'keep-daily', 'keep-weekly', 'keep-monthly', 'keep-yearly'] as const;

/** 'keep-last=3,keep-daily=7' → options; undefined for anything else. */
export function parseKeep(s: string): KeepOptions | undefined {
  const out: KeepOptions = {};
  for (const part of s.split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    const key = KEYS.find((x) => x === k);
    if (!key || !/^\d+$/.test(v ?? '')) return undefined;
    out[key] = Number(v);
  }
  return out;
}

export const keepsSomething = (o: KeepOptions): boolean => KEYS.some((k) => (o[k] ?? 0) > 0);

/** ISO week number, for keep-weekly (weeks start on Monday). */
function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return `${t.getUTCFullYear()}/${Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

const SELECTORS: Record<(typeof KEYS)[number], (d: Date, time: number) => string> = {
  'keep-last': (_d, time) => String(time),
  'keep-hourly': (d) => `${d.getUTCFullYear()}/${d.getUTCMonth()}/${d.getUTCDate()}/${d.getUTCHours()}`,
  'keep-daily': (d) => `${d.getUTCFullYear()}/${d.getUTCMonth()}/${d.getUTCDate()}`,
  'keep-weekly': (d) => isoWeek(d),
  'keep-monthly': (d) => `${d.getUTCFullYear()}/${d.getUTCMonth()}`,
  'keep-yearly': (d) => String(d.getUTCFullYear()),
};

/**
 * Marks every backup of one group (the same guest on one storage / datastore). Without any keep option every
 * backup is kept (PBS "keep all").
 */
export function markPrune<T extends { time: number; protected?: boolean }>(list: T[], keep: KeepOptions): Map<T, PruneMark> {
  const marks = new Map<T, PruneMark>();
  const sorted = [...list].sort((a, b) => b.time - a.time);
  if (!keepsSomething(keep)) {
    for (const b of sorted) marks.set(b, b.protected ? 'protected' : 'keep');
    return marks;
  }
  for (const key of KEYS) {
    const n = keep[key] ?? 0;
    if (n === 0) continue;
    const select = SELECTORS[key];
    const already = new Set(sorted.filter((b) => marks.get(b) === 'keep').map((b) => select(new Date(b.time * 1000), b.time)));
    const included = new Set<string>();
    for (const b of sorted) {
      if (marks.has(b)) continue;
      if (b.protected) {
        marks.set(b, 'protected');
        continue;
      }
      const id = select(new Date(b.time * 1000), b.time);
      if (already.has(id)) continue;
      if (!included.has(id)) {
        if (included.size >= n) break;
        included.add(id);
        marks.set(b, 'keep');
      } else {
        marks.set(b, 'remove');
      }
    }
  }
  for (const b of sorted) if (!marks.has(b)) marks.set(b, b.protected ? 'protected' : 'remove');
  return marks;
}
