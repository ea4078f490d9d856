import {
  clamp,
  currentMetrics,
  guestCpuAt,
  guestDiskUsed,
  guestMemAt,
  guestMemHost,
  isUpAt,
  pressureFrom,
  profileAt,
  profileOverlaps,
  ratesFromCpu,
  type GuestRates,
} from './metrics';
import type { SimNode, StorageState } from './node-state';
import { hashString, noise } from './rng';
import type { SimGuest } from './types';
import { atLeast } from './version';

export const TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year', 'decade'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export type Cf = 'AVERAGE' | 'MAX';

/**
 * pve-cluster PVE/RRD.pm `create_rrd_data`: [step seconds, rows] per timeframe. PVE ≤ 8 (`pve2-*` RRDs; the
 * sim answers 70 rows like the PVE 7/8 captures) and PVE 9 (`pve-{node,vm,storage}-9.0`: 1 min for a day,
 * 30 min for 30 days, 6 h for a year, a week for 10 years; `decade` reads the year RRA on pve2).
 */
const LAYOUT_PVE2: Record<Timeframe, [number, number]> = {
  hour: [60, 70],
  day: [1_800, 70],
  week: [10_800, 70],
  month: [43_200, 70],
  year: [604_800, 70],
  decade: [604_800, 70],
};
const LAYOUT_PVE9: Record<Timeframe, [number, number]> = {
  hour: [60, 60],
  day: [60, 1_440],
  week: [1_800, 336],
  month: [1_800, 1_440],
  year: [21_600, 1_440],
  decade: [604_800, 570],
};

/** The node plays PVE 9: new RRD layout, PSI, memhost, memavailable, arcsize. */
export const rrdV9 = (node: SimNode): boolean => atLeast(node.version, 9);

export function rrdLayout(node: SimNode, timeframe: Timeframe): { step: number; rows: number } {
  const [step, rows] = (rrdV9(node) ? LAYOUT_PVE9 : LAYOUT_PVE2)[timeframe];
  return { step, rows };
}

/** Row start times: a row `time` covers [time, time + step) (RRDs::fetch); the newest one ends at the last full step. */
function rowTimes(step: number, rows: number, now: number): number[] {
  const ctime = Math.floor(now / step) * step;
  return Array.from({ length: rows }, (_, i) => ctime - (rows - i) * step);
}

/**
 * Sample points inside a row: one for a 1-minute row (PVE's own primary data point), else `n` spread over
 * it (four for guests, two for nodes, which sum every guest per point): smooth and consistent between timeframes.
 */
function samplePoints(start: number, step: number, n = 4): number[] {
  const k = step <= 60 ? 1 : n;
  return Array.from({ length: k }, (_, i) => start + ((i + 0.5) * step) / k);
}

function pick(vals: number[], cf: Cf): number {
  if (vals.length === 0) return 0;
  let acc = cf === 'MAX' ? -Infinity : 0;
  for (const v of vals) acc = cf === 'MAX' ? (v > acc ? v : acc) : acc + v;
  return cf === 'MAX' ? acc : acc / vals.length;
}

/**
 * Consolidates a guest metric over [start, start + step): the generated curve at the sample points, with the
 * load profiles that overlap the row added exactly (a 3-minute spike shows in a 30-minute MAX, and its share
 * in the AVERAGE), as RRD consolidation of 1-minute points would.
 */
function aggGuest(
  g: SimGuest,
  key: 'cpu' | 'memBytes',
  base: number[],
  pts: number[],
  start: number,
  step: number,
  cf: Cf,
): number {
  const segs = g.loadProfiles.length > 0 ? profileOverlaps(g, start, start + step, key) : [];
  if (segs.length === 0) return pick(base, cf);
  if (cf === 'MAX') return Math.max(...base, ...segs.map((s) => s.value));
  const covered = Math.min(
    step,
    segs.reduce((sum, s) => sum + s.seconds, 0),
  );
  const weighted = segs.reduce((sum, s) => sum + s.value * s.seconds, 0);
  // The generated curve's share: only the points outside the profiles (those inside are the profile's value).
  const outside = base.filter((_, i) => profileAt(g, pts[i] ?? 0, key) === undefined);
  return (weighted + pick(outside.length > 0 ? outside : base, 'AVERAGE') * (step - covered)) / step;
}

/**
 * The rates (bytes/s) of a guest's 1-minute RRD row starting at `minute`, as `guestRrd` computes it (the load at the
 * row's middle, load profiles blended by overlap): the derivative of its counters over that minute (counters.ts).
 */
export function guestMinuteRates(g: SimGuest, minute: number): GuestRates {
  const x = minute + 30;
  const cpu = guestCpuAt(g, x);
  return ratesFromCpu(g, g.loadProfiles.length > 0 ? aggGuest(g, 'cpu', [cpu], [x], minute, 60, 'AVERAGE') : cpu);
}

/** Node CPU and memory at t in one pass over the guests (RRD rows). */
function nodeSampleAt(node: SimNode, t: number): { cpu: number; mem: number } {
  let busy = 0;
  let used = 2.2 * 1024 ** 3;
  for (const g of node.guests.values()) {
    if (!isUpAt(g, t)) continue;
    busy += guestCpuAt(g, t) * g.cores;
    used += guestMemAt(g, t);
  }
  return {
    cpu: clamp(0.015 + busy / node.spec.threads + 0.01 * noise(7, Math.floor(t / 60)), 0, 1),
    mem: Math.min(Math.round(used), Math.round(node.spec.memoryBytes * 0.97)),
  };
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
  // A test pinned the node's free memory (POST /_sim/nodes/{node}/memory): live values follow it.
  if (now && node.memFreePinned !== undefined) return Math.max(0, node.spec.memoryBytes - node.memFreePinned);
  let used = 2.2 * 1024 ** 3;
  for (const g of node.guests.values()) {
    if (now) used += currentMetrics(g, t).mem;
    else if (isUpAt(g, t)) used += guestMemAt(g, t);
  }
  return Math.min(Math.round(used), Math.round(node.spec.memoryBytes * 0.97));
}

/** ZFS ARC of a node with a zfspool storage (0 without ZFS: the DS exists, the value is 0). */
export function nodeArcAt(node: SimNode, t: number): number {
  const zfs = [...node.storages.values()].some((s) => s.spec.type === 'zfspool');
  if (!zfs) return 0;
  return Math.round(node.spec.memoryBytes * (0.08 + 0.02 * Math.sin((2 * Math.PI * t) / 86_400)));
}

/** Node PSI in percent: CPU stalls once the host is busy, I/O from iowait, memory near its limit. */
export function nodePressure(cpu: number, iowait: number, memFrac: number): Record<string, number> {
  const cpuSome = clamp(0.1 + 90 * Math.max(0, cpu - 0.6) ** 1.5, 0, 100);
  const ioSome = clamp(iowait * 100 * 0.8, 0, 100);
  const memSome = clamp(300 * Math.max(0, memFrac - 0.9) ** 1.2, 0, 100);
  return {
    pressurecpusome: cpuSome,
    pressureiosome: ioSome,
    pressureiofull: ioSome * 0.9,
    pressurememorysome: memSome,
    pressurememoryfull: memSome * 0.85,
  };
}

/**
 * Node rows sum every guest per sample point (a 500-guest node's day is ~3 M guest samples), so answers are
 * kept per node, timeframe, cf and newest row while no guest changed state or load.
 */
const nodeRrdCache = new WeakMap<SimNode, Map<string, { sig: string; rows: Record<string, number>[] }>>();

function guestStateSignature(node: SimNode): string {
  let running = 0;
  let profiles = 0;
  let sum = 0;
  for (const g of node.guests.values()) {
    if (g.status === 'running') running++;
    profiles += g.loadProfiles.length;
    sum = (sum + g.vmid * ((g.startedAt ?? 0) + (g.stoppedAt ?? 0) + (g.loadProfiles.at(-1)?.until ?? 0) + g.load)) % 1e12;
  }
  return `${node.guests.size}/${running}/${profiles}/${sum}`;
}

export function nodeRrd(node: SimNode, timeframe: Timeframe, cf: Cf, now: number): Record<string, number>[] {
  const { step } = rrdLayout(node, timeframe);
  const key = `${timeframe}/${cf}/${Math.floor(now / step)}`;
  const sig = guestStateSignature(node);
  let cache = nodeRrdCache.get(node);
  const hit = cache?.get(key);
  if (hit && hit.sig === sig) return hit.rows;
  const rows = computeNodeRrd(node, timeframe, cf, now);
  if (!cache) {
    cache = new Map();
    nodeRrdCache.set(node, cache);
  }
  for (const k of cache.keys()) if (k.startsWith(`${timeframe}/${cf}/`)) cache.delete(k);
  cache.set(key, { sig, rows });
  return rows;
}

function computeNodeRrd(node: SimNode, timeframe: Timeframe, cf: Cf, now: number): Record<string, number>[] {
  const { step, rows } = rrdLayout(node, timeframe);
  const v9 = rrdV9(node);
  const rootUsed = node.spec.rootfsBytes * 0.12;
  const total = node.spec.memoryBytes;
  return rowTimes(step, rows, now).map((time) => {
    // One pass over the guests per sample point; net rates follow the CPU curve.
    const pts = samplePoints(time, step, 2);
    const samples = pts.map((x) => nodeSampleAt(node, x));
    const cpus = samples.map((x) => x.cpu);
    const mems = samples.map((x) => x.mem);
    const cpu = pick(cpus, cf);
    const memused = pick(mems, cf);
    const iowait = pick(
      pts.map((x) => 0.002 + 0.02 * noise(11, Math.floor(x / 60))),
      cf,
    );
    const row: Record<string, number> = {
      time,
      cpu,
      iowait,
      loadavg: cpu * node.spec.threads * 1.1,
      maxcpu: node.spec.threads,
      memtotal: total,
      memused,
      swaptotal: node.spec.swapBytes,
      swapused: node.spec.swapBytes > 0 ? Math.round(node.spec.swapBytes * 0.03) : 0,
      roottotal: node.spec.rootfsBytes,
      rootused: rootUsed + (time % 86_400) * 10,
      netin: pick(
        cpus.map((c) => 4_000 + c * 3_000_000),
        cf,
      ),
      netout: pick(
        cpus.map((c) => 2_500 + c * 1_400_000),
        cf,
      ),
    };
    if (v9) {
      row['memavailable'] = total - memused;
      row['arcsize'] = pick(
        pts.map((x) => nodeArcAt(node, x)),
        cf,
      );
      Object.assign(row, nodePressure(cpu, iowait, memused / total));
    }
    return row;
  });
}

/** Rows without samples (guest down for most of the row) keep only time and the static maxima, like PVE. */
export function guestRrd(node: SimNode, g: SimGuest, timeframe: Timeframe, cf: Cf, now: number): Record<string, number>[] {
  const { step, rows } = rrdLayout(node, timeframe);
  const v9 = rrdV9(node);
  const disk = guestDiskUsed(g);
  const max = cf === 'MAX';
  // A PVE 9 day is 1440 rows per guest and a backfill reads hundreds of guests: one evaluation of the load
  // curves per sample point, accumulated in scalars. Rates are linear in the CPU load (their AVERAGE and MAX
  // follow the CPU's); PSI is taken at the row's consolidated values.
  const k = step <= 60 ? 1 : 4;
  return rowTimes(step, rows, now).map((time) => {
    const row: Record<string, number> = { time, maxcpu: g.cores, maxmem: g.memoryBytes, maxdisk: g.diskBytes, disk };
    const profiled = g.loadProfiles.length > 0;
    const pts: number[] = [];
    const cpus: number[] = [];
    const mems: number[] = [];
    let n = 0;
    let cpuAcc = max ? -Infinity : 0;
    let memAcc = max ? -Infinity : 0;
    for (let i = 0; i < k; i++) {
      const x = time + ((i + 0.5) * step) / k;
      if (!isUpAt(g, x)) continue;
      const cpu = guestCpuAt(g, x);
      const mem = guestMemAt(g, x);
      n++;
      if (max) {
        cpuAcc = cpu > cpuAcc ? cpu : cpuAcc;
        memAcc = mem > memAcc ? mem : memAcc;
      } else {
        cpuAcc += cpu;
        memAcc += mem;
      }
      if (profiled) {
        pts.push(x);
        cpus.push(cpu);
        mems.push(mem);
      }
    }
    // RRD xff 0.5: a row needs samples for at least half of it.
    if (n === 0 || n * 2 < k) return row;
    const cpu = profiled ? aggGuest(g, 'cpu', cpus, pts, time, step, cf) : max ? cpuAcc : cpuAcc / n;
    const mem = profiled ? aggGuest(g, 'memBytes', mems, pts, time, step, cf) : max ? memAcc : memAcc / n;
    const r = ratesFromCpu(g, cpu);
    row['cpu'] = cpu;
    row['mem'] = mem;
    row['netin'] = r.netin;
    row['netout'] = r.netout;
    row['diskread'] = r.diskread;
    row['diskwrite'] = r.diskwrite;
    if (v9) {
      if (g.type === 'qemu') row['memhost'] = guestMemHost(g, mem);
      Object.assign(row, pressureFrom(g, time + step / 2, cpu, r.diskwrite, mem));
    }
    return row;
  });
}

/**
 * Storage usage at t: today's figure, growing slowly up to it (a per-storage rate of 0.05–0.4 % of its size a
 * day), so the RRD ends where /cluster/resources and the storage list are.
 */
export function storageUsedAt(used: number, total: number, id: string, node: string, t: number, now: number): number {
  const perDay = total * (0.0005 + (hashString(`${node}/${id}`) % 36) / 10_000);
  const back = Math.max(0, now - t) / 86_400;
  return Math.max(Math.round(used * 0.05), Math.round(used - perDay * back));
}

/** `GET /nodes/{node}/storage/{storage}/rrddata`: total and used; an inactive storage has no samples (time only). */
export function storageRrd(
  node: SimNode,
  s: StorageState,
  usage: { total: number; used: number } | undefined,
  timeframe: Timeframe,
  cf: Cf,
  now: number,
): Record<string, number>[] {
  const { step, rows } = rrdLayout(node, timeframe);
  return rowTimes(step, rows, now).map((time): Record<string, number> => {
    if (!usage) return { time };
    const end = Math.min(time + step, now);
    const at = cf === 'MAX' ? end : time + step / 2;
    return { time, total: usage.total, used: storageUsedAt(usage.used, usage.total, s.spec.id, node.name, at, now) };
  });
}
