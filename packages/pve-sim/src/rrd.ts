import { clamp, currentMetrics, guestCpuAt, guestDiskUsed, guestMemAt, guestRatesAt, isUpAt } from './metrics';
import type { SimNode } from './node-state';
import { noise } from './rng';
import type { SimGuest } from './types';

export const TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/** pve2 RRAs: 70 rows of 1 min, 30 min, 3 h, 12 h, 1 week. */
const STEP: Record<Timeframe, number> = { hour: 60, day: 1_800, week: 10_800, month: 43_200, year: 604_800 };
const ROWS = 70;

function rowTimes(timeframe: Timeframe, now: number): number[] {
  const step = STEP[timeframe];
  const last = Math.floor(now / step) * step;
  return Array.from({ length: ROWS }, (_, i) => last - (ROWS - 1 - i) * step);
}

/** Average (or max) of f over a step, sampled at a few points: smooth and consistent. */
function agg(f: (t: number) => number, t: number, step: number, cf: 'AVERAGE' | 'MAX'): number {
  const n = 4;
  let sum = 0;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = f(t - step + ((i + 0.5) * step) / n);
    sum += v;
    max = Math.max(max, v);
  }
  return cf === 'MAX' ? max : sum / n;
}

export function nodeCpuAt(node: SimNode, t: number, now = false): number {
  let busy = 0;
  for (const g of node.guests.values()) {
    if (now) busy += currentMetrics(g, t).cpu * g.cores;
    else if (isUpAt(g, t)) busy += guestCpuAt(g, t) * g.cores;
  }
  return clamp(0.015 + busy / node.spec.threads + 0.01 * noise(7, Math.floor(t / 60)), 0, 1);
}

export function nodeMemAt(node: SimNode, t: number, now = false): number {
  let used = 2.2 * 1024 ** 3;
  for (const g of node.guests.values()) {
    if (now) used += currentMetrics(g, t).mem;
    else if (isUpAt(g, t)) used += guestMemAt(g, t);
  }
  return Math.min(Math.round(used), Math.round(node.spec.memoryBytes * 0.97));
}

export function nodeRrd(node: SimNode, timeframe: Timeframe, cf: 'AVERAGE' | 'MAX', now: number): Record<string, number>[] {
  const step = STEP[timeframe];
  const rootUsed = node.spec.rootfsBytes * 0.12;
  return rowTimes(timeframe, now).map((time) => {
    // One pass over the guests per sample point; net rates follow the CPU curve.
    const samples = [0, 1, 2, 3].map((i) => time - step + ((i + 0.5) * step) / 4);
    const cpus = samples.map((x) => nodeCpuAt(node, x));
    const mems = samples.map((x) => nodeMemAt(node, x));
    const pick = (vals: number[]): number => (cf === 'MAX' ? Math.max(...vals) : vals.reduce((a, b) => a + b, 0) / vals.length);
    const cpu = pick(cpus);
    return {
      time,
      cpu,
      iowait: agg((x) => 0.002 + 0.02 * noise(11, Math.floor(x / 60)), time, step, cf),
      loadavg: cpu * node.spec.threads * 1.1,
      maxcpu: node.spec.threads,
      memtotal: node.spec.memoryBytes,
      memused: pick(mems),
      swaptotal: node.spec.swapBytes,
      swapused: node.spec.swapBytes > 0 ? Math.round(node.spec.swapBytes * 0.03) : 0,
      roottotal: node.spec.rootfsBytes,
      rootused: rootUsed + (time % 86_400) * 10,
      netin: pick(cpus.map((c) => 4_000 + c * 3_000_000)),
      netout: pick(cpus.map((c) => 2_500 + c * 1_400_000)),
    };
  });
}

/** Rows without samples (guest down) keep only time and the static maxima, like PVE. */
export function guestRrd(g: SimGuest, timeframe: Timeframe, cf: 'AVERAGE' | 'MAX', now: number): Record<string, number>[] {
  const step = STEP[timeframe];
  const disk = guestDiskUsed(g);
  return rowTimes(timeframe, now).map((time) => {
    const row: Record<string, number> = { time, maxcpu: g.cores, maxmem: g.memoryBytes, maxdisk: g.diskBytes, disk };
    if (!isUpAt(g, time - step / 2) || !isUpAt(g, time)) return row;
    row['cpu'] = agg((x) => guestCpuAt(g, x), time, step, cf);
    row['mem'] = agg((x) => guestMemAt(g, x), time, step, cf);
    row['netin'] = agg((x) => guestRatesAt(g, x).netin, time, step, cf);
    row['netout'] = agg((x) => guestRatesAt(g, x).netout, time, step, cf);
    row['diskread'] = agg((x) => guestRatesAt(g, x).diskread, time, step, cf);
    row['diskwrite'] = agg((x) => guestRatesAt(g, x).diskwrite, time, step, cf);
    return row;
  });
}
