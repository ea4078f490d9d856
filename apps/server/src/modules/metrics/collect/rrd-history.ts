import type { MetricName, SubjectKind } from '../store/catalogue';

// Turning Proxmox rrddata into the store's tiers (ADR 012). Pure: no I/O, tested on PVE 8 and PVE 9 layouts.

export type Tier = 60 | 300 | 3600;
export const TIER_LIST: readonly Tier[] = [60, 300, 3600];
/** How far back each tier is kept by the store (48 h, 30 days, 400 days): older backfill would be dropped anyway. */
export const TIER_KEEP_SECONDS: Record<Tier, number> = { 60: 48 * 3600, 300: 30 * 86_400, 3600: 400 * 86_400 };

const PRESSURE: Record<string, MetricName> = {
  pressurecpusome: 'pressure_cpu_some',
  pressurecpufull: 'pressure_cpu_full',
  pressureiosome: 'pressure_io_some',
  pressureiofull: 'pressure_io_full',
  pressurememorysome: 'pressure_memory_some',
  pressurememoryfull: 'pressure_memory_full',
};

/** PVE rrddata key → stored metric, per kind of subject (REFERENCE.md §4.8; node keys are renamed). */
export const RRD_KEYS: Record<SubjectKind, Readonly<Record<string, MetricName>>> = {
  node: {
    cpu: 'cpu',
    iowait: 'iowait',
    loadavg: 'loadavg',
    memused: 'mem',
    memtotal: 'maxmem',
    memavailable: 'memavailable',
    arcsize: 'arcsize',
    swapused: 'swap',
    swaptotal: 'maxswap',
    rootused: 'disk',
    roottotal: 'maxdisk',
    netin: 'netin',
    netout: 'netout',
    ...PRESSURE,
  },
  guest: {
    cpu: 'cpu',
    mem: 'mem',
    maxmem: 'maxmem',
    memhost: 'memhost',
    disk: 'disk',
    maxdisk: 'maxdisk',
    netin: 'netin',
    netout: 'netout',
    diskread: 'diskread',
    diskwrite: 'diskwrite',
    ...PRESSURE,
  },
  storage: { used: 'used', total: 'total' },
};

export type Values = Partial<Record<MetricName, number>>;

/** One rrddata row's samples: absent keys (PVE omits what it has no sample for) and non-numbers give no value. */
export function rowValues(kind: SubjectKind, row: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [key, metric] of Object.entries(RRD_KEYS[kind])) {
    const v = row[key];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) out[metric] = n;
  }
  return out;
}

/** A consolidated row of PVE: it covers [t, t + step). */
export interface SourceRow {
  t: number;
  step: number;
  avg: Values;
  max: Values;
}

export interface HistoryRow {
  t: number;
  avg: Values;
  max: Values;
}

/**
 * The AVERAGE and MAX answers of one timeframe joined by time. Each row's step is the distance to the next row
 * (rows are contiguous; after an 8 → 9 upgrade the converted old-step rows come first), the last row's that of
 * the one before it (or `fallbackStep` when there is a single row).
 */
export function joinTimeframe(
  kind: SubjectKind,
  average: readonly object[],
  maximum: readonly object[],
  fallbackStep: number,
): SourceRow[] {
  const byTime = new Map<number, { avg: Values; max: Values }>();
  const entry = (t: number) => {
    let e = byTime.get(t);
    if (!e) byTime.set(t, (e = { avg: {}, max: {} }));
    return e;
  };
  const rows = (list: readonly object[]) => list as readonly Record<string, unknown>[];
  for (const r of rows(average)) if (typeof r.time === 'number') entry(r.time).avg = rowValues(kind, r);
  for (const r of rows(maximum)) if (typeof r.time === 'number') entry(r.time).max = rowValues(kind, r);
  const times = [...byTime.keys()].sort((a, b) => a - b);
  return times.map((t, i) => {
    const next = times[i + 1];
    const prev = times[i - 1];
    const step = next !== undefined ? next - t : prev !== undefined ? t - prev : fallbackStep;
    const e = byTime.get(t)!;
    return { t, step, avg: e.avg, max: e.max };
  });
}

/** The step PVE answers a timeframe with, from its rows (the smallest distance between two rows), or null. */
export function stepOf(list: readonly object[]): number | null {
  const rows = list as readonly { time?: unknown }[];
  let best: number | null = null;
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]?.time;
    const b = rows[i]?.time;
    if (typeof a === 'number' && typeof b === 'number' && b > a && (best === null || b - a < best)) best = b - a;
  }
  return best;
}

const isEmpty = (v: Values) => Object.keys(v).length === 0;

/** Rows finer than (or as fine as) the tier: averaged (time-weighted) and maxed into its steps, like RRD (xff 0.5). */
function aggregate(rows: readonly SourceRow[], tier: Tier): Map<number, HistoryRow> {
  const acc = new Map<number, { sum: Map<MetricName, [number, number]>; max: Map<MetricName, [number, number]> }>();
  for (const r of rows) {
    const b = Math.floor(r.t / tier) * tier;
    // A row straddling two tier steps (misaligned) is counted in the step where it starts.
    let a = acc.get(b);
    if (!a) acc.set(b, (a = { sum: new Map(), max: new Map() }));
    for (const [m, v] of Object.entries(r.avg) as [MetricName, number][]) {
      const [s, w] = a.sum.get(m) ?? [0, 0];
      a.sum.set(m, [s + v * r.step, w + r.step]);
    }
    for (const [m, v] of Object.entries(r.max) as [MetricName, number][]) {
      const [mx, w] = a.max.get(m) ?? [-Infinity, 0];
      a.max.set(m, [Math.max(mx, v), w + r.step]);
    }
  }
  const out = new Map<number, HistoryRow>();
  for (const [t, a] of acc) {
    const avg: Values = {};
    const max: Values = {};
    for (const [m, [s, w]] of a.sum) if (w * 2 >= tier) avg[m] = s / w;
    for (const [m, [mx, w]] of a.max) if (w * 2 >= tier) max[m] = mx;
    if (!isEmpty(avg) || !isEmpty(max)) out.set(t, { t, avg, max });
  }
  return out;
}

/**
 * Rows coarser than the tier: each stands for every tier step inside its span (as rrdtool draws a coarse RRA on a
 * finer graph), so a chart of the days before the host was added is a line of PVE's resolution, not scattered dots.
 */
function hold(rows: readonly SourceRow[], tier: Tier): Map<number, HistoryRow> {
  const out = new Map<number, HistoryRow>();
  for (const r of rows) {
    if (isEmpty(r.avg) && isEmpty(r.max)) continue;
    for (let t = Math.ceil(r.t / tier) * tier; t + tier <= r.t + r.step; t += tier) out.set(t, { t, avg: r.avg, max: r.max });
  }
  return out;
}

/**
 * Whether rows of a PVE step are spread into the steps of a finer tier: when they cover at most 36 of its steps
 * (30 min → 1 min and 5 min, 3 h → 5 min, 6 h and 12 h → 1 h), or into the hourly tier whatever their step
 * (PVE 8's weekly rows are all it keeps of the last year). Otherwise only averaged into coarser tiers.
 */
export function holdsInto(step: number, tier: Tier): boolean {
  return step > tier && (step / tier <= 36 || tier === 3600);
}

/**
 * The history rows of each tier from all timeframes read for one subject, within what each tier keeps before
 * `now` (epoch s). Where timeframes overlap the finest wins: the store never overwrites a stored step, and each
 * tier step is taken from the finest source that covers it.
 */
export function toTiers(sources: readonly SourceRow[][], now: number): Map<Tier, HistoryRow[]> {
  const rows = sources.flat();
  const steps = [...new Set(rows.map((r) => r.step))].sort((a, b) => a - b);
  const out = new Map<Tier, HistoryRow[]>();
  for (const tier of TIER_LIST) {
    const from = now - TIER_KEEP_SECONDS[tier];
    const merged = new Map<number, HistoryRow>();
    for (const step of steps) {
      const same = rows.filter((r) => r.step === step);
      const part = step <= tier ? aggregate(same, tier) : holdsInto(step, tier) ? hold(same, tier) : null;
      if (!part) continue;
      for (const [t, row] of part) if (!merged.has(t) && t >= from && t + tier <= now) merged.set(t, row);
    }
    if (merged.size > 0)
      out.set(
        tier,
        [...merged.values()].sort((a, b) => a.t - b.t),
      );
  }
  return out;
}
