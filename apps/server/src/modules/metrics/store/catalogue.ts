// The metric names the store knows (briefs: interfaces.md), their units and how finely they are kept.

/**
 * Every metric name, in a fixed order: a metric's place in this list is written into stored blocks (a bit of their
 * metric mask) and staging rows (a slot of their value array). Append only; never reorder or remove.
 */
export const METRIC_NAMES = [
  'cpu',
  'mem',
  'maxmem',
  'memhost',
  'mem_agent',
  'disk',
  'maxdisk',
  'netin',
  'netout',
  'diskread',
  'diskwrite',
  'pressure_cpu_some',
  'pressure_cpu_full',
  'pressure_io_some',
  'pressure_io_full',
  'pressure_memory_some',
  'pressure_memory_full',
  'iowait',
  'loadavg',
  'memavailable',
  'arcsize',
  'swap',
  'maxswap',
  'used',
  'total',
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

export type SubjectKind = 'node' | 'guest' | 'storage';

/** node: the host's id (hosts.id); guest: guests.id; storage: storages.id. */
export interface Subject {
  kind: SubjectKind;
  id: string;
}

export const subjectKey = (s: Subject): string => `${s.kind}:${s.id}`;

export const METRIC_INDEX: ReadonlyMap<string, number> = new Map(METRIC_NAMES.map((m, i) => [m, i]));

export type MetricUnit = 'percent' | 'bytes' | 'bytes/s' | 'load';

const PRESSURE = [
  'pressure_cpu_some',
  'pressure_cpu_full',
  'pressure_io_some',
  'pressure_io_full',
  'pressure_memory_some',
  'pressure_memory_full',
] as const satisfies readonly MetricName[];

/** The metrics each kind of subject may have, in chart order. */
export const KIND_METRICS: Record<SubjectKind, readonly MetricName[]> = {
  guest: [
    'cpu',
    'mem',
    'maxmem',
    'memhost',
    'mem_agent',
    'disk',
    'maxdisk',
    'netin',
    'netout',
    'diskread',
    'diskwrite',
    ...PRESSURE,
  ],
  node: [
    'cpu',
    'iowait',
    'loadavg',
    'mem',
    'maxmem',
    'memavailable',
    'arcsize',
    'swap',
    'maxswap',
    'disk',
    'maxdisk',
    'netin',
    'netout',
    ...PRESSURE,
  ],
  storage: ['used', 'total'],
};

/** Shown (as nulls) even when a range holds no sample, so a chart of a silent subject draws an empty axis. */
export const CORE_METRICS: Record<SubjectKind, readonly MetricName[]> = {
  guest: ['cpu', 'mem', 'maxmem'],
  node: ['cpu', 'mem', 'maxmem'],
  storage: ['used', 'total'],
};

/** The unit of a metric as the API gives it (cpu and iowait: stored as fractions, shown in percent). */
export function unitOf(metric: MetricName): MetricUnit {
  if (metric === 'cpu' || metric === 'iowait' || metric.startsWith('pressure_')) return 'percent';
  if (metric === 'loadavg') return 'load';
  if (metric === 'netin' || metric === 'netout' || metric === 'diskread' || metric === 'diskwrite') return 'bytes/s';
  return 'bytes';
}

/** Stored value → API value. */
export const apiFactor = (metric: MetricName): number => (metric === 'cpu' || metric === 'iowait' ? 100 : 1);

/**
 * 1 / the finest step a metric is stored with (codec.ts coarsens it per block to fit the block's range in 11 bits):
 * fractions (range 0–1) in steps of 1/2000 and percentages (0–100) in steps of 0.05, i.e. 0.05 % of their range;
 * load in hundredths; bytes and bytes/s in bytes, coarsened to the block's range.
 */
export function quantumScale(index: number): number {
  const m = METRIC_NAMES[index];
  if (m === 'cpu' || m === 'iowait') return 2000;
  if (m !== undefined && m.startsWith('pressure_')) return 20;
  if (m === 'loadavg') return 100;
  return 1;
}
