import type { MemorySource, MetricsSeries } from '@proxai/contract';

// Which series of GET /api/metrics/{subject}/{id} go into which chart, and under which name. The API sends only the
// series the subject has (PSI only on PVE 9, mem_agent only for VMs whose agent answered): a chart whose series
// are all absent or all gaps is not drawn.

export const CHART_IDS = ['cpu', 'memory', 'swap', 'disk', 'network', 'diskio', 'load', 'pressure', 'storage'] as const;
export type ChartId = (typeof CHART_IDS)[number];

const CHART_SERIES: Record<ChartId, readonly string[]> = {
  cpu: ['cpu', 'iowait'],
  // The guest agent's figure first: it is the true one when present.
  memory: ['mem_agent', 'mem', 'memhost', 'memavailable', 'arcsize', 'maxmem'],
  swap: ['swap', 'maxswap'],
  disk: ['disk', 'maxdisk'],
  network: ['netin', 'netout'],
  diskio: ['diskread', 'diskwrite'],
  load: ['loadavg'],
  pressure: [
    'pressure_cpu_some',
    'pressure_cpu_full',
    'pressure_io_some',
    'pressure_io_full',
    'pressure_memory_some',
    'pressure_memory_full',
  ],
  storage: ['used', 'total'],
};

/** Fallback units when the API names none (it always should). */
const DEFAULT_UNIT: Record<ChartId, string> = {
  cpu: 'percent',
  memory: 'bytes',
  swap: 'bytes',
  disk: 'bytes',
  network: 'bytes/s',
  diskio: 'bytes/s',
  load: 'load',
  pressure: 'percent',
  storage: 'bytes',
};

export interface ChartSeries {
  /** The API's name, e.g. 'mem_agent' (also the CSV column). */
  name: string;
  /** Key of its label in the monitoring namespace, e.g. 'series.memAgent'. */
  labelKey: string;
  values: (number | null)[];
}

export interface ChartModel {
  id: ChartId;
  unit: string;
  series: ChartSeries[];
}

const hasValue = (values: readonly (number | null)[] | undefined) => values?.some((v) => v !== null) ?? false;

/**
 * The label of a series. `mem` means different things: on PVE 9 beside `memhost` it is the balloon driver's
 * figure; otherwise Proxmox's host view (which, for a VM, counts its page cache as used).
 */
export function seriesLabelKey(name: string, memorySource: MemorySource | undefined): string {
  if (name === 'mem') return memorySource === 'balloon' ? 'series.memBalloon' : memorySource ? 'series.memHost' : 'series.mem';
  return `series.${name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}

/** The charts to draw for `data`, in a fixed order; empty when there is no value at all yet. */
export function chartModels(data: MetricsSeries): ChartModel[] {
  const models: ChartModel[] = [];
  for (const id of CHART_IDS) {
    const names = CHART_SERIES[id].filter((name) => data.series[name] !== undefined);
    if (!names.some((name) => hasValue(data.series[name]))) continue;
    models.push({
      id,
      unit: data.units[names[0]!] ?? DEFAULT_UNIT[id],
      // A series entirely made of gaps in a chart that has data (e.g. iowait before the first poll) is dropped.
      series: names
        .filter((name) => hasValue(data.series[name]))
        .map((name) => ({ name, labelKey: seriesLabelKey(name, data.memory_source), values: data.series[name]! })),
    });
  }
  return models;
}

/** The series of `data` that have at least one value (the CSV's columns), in chart order. */
export function exportedSeries(data: MetricsSeries): string[] {
  const known = CHART_IDS.flatMap((id) => CHART_SERIES[id]);
  const others = Object.keys(data.series)
    .filter((name) => !known.includes(name))
    .sort();
  return [...known, ...others].filter((name) => hasValue(data.series[name]));
}

/** CSV of `data`: ISO time, then one column per series named with its unit; empty cells at gaps. */
export function toCsv(data: MetricsSeries): string {
  const names = exportedSeries(data);
  const header = ['time', ...names.map((name) => (data.units[name] ? `${name} (${data.units[name]})` : name))];
  const lines = [header.join(',')];
  data.t.forEach((t, i) => {
    const row = [new Date(t * 1000).toISOString(), ...names.map((name) => String(data.series[name]?.[i] ?? ''))];
    lines.push(row.join(','));
  });
  return `${lines.join('\n')}\n`;
}

/** Indices of values whose neighbours are both gaps (or the ends): a line cannot show them. */
export function isolatedPoints(values: ArrayLike<number | null | undefined> | undefined): number[] | null {
  if (!values) return null;
  const found: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] == null) continue;
    if ((i === 0 || values[i - 1] == null) && (i === values.length - 1 || values[i + 1] == null)) found.push(i);
  }
  return found.length > 0 ? found : null;
}
