import { hashString, noise } from './rng';
import type { LoadProfile, SimGuest } from './types';

/**
 * Load model: every metric is a smooth deterministic function of (guest, time), so list
 * answers, status answers and RRD series agree with each other and with the guest's `load`.
 */
const DAY = 86_400;
const TAU = Math.PI * 2;

export function isUpAt(g: SimGuest, t: number): boolean {
  if (t < g.createdAt) return false;
  if (g.status === 'running' && g.startedAt !== undefined && t >= g.startedAt) return true;
  if (g.stoppedAt !== undefined) return t <= g.stoppedAt;
  return g.status === 'running';
}

/** The value of the newest load profile that sets `key` and covers t, if any. */
export function profileAt(g: SimGuest, t: number, key: 'cpu' | 'memBytes'): number | undefined {
  const ps = g.loadProfiles;
  for (let i = ps.length - 1; i >= 0; i--) {
    const p = ps[i] as LoadProfile;
    const v = p[key];
    if (v !== undefined && t >= p.from && t < p.until) return v;
  }
  return undefined;
}

/** Profile segments that set `key` and overlap [start, end): value and overlap in seconds. */
export function profileOverlaps(
  g: SimGuest,
  start: number,
  end: number,
  key: 'cpu' | 'memBytes',
): { value: number; seconds: number }[] {
  const out: { value: number; seconds: number }[] = [];
  for (const p of g.loadProfiles) {
    const v = p[key];
    const seconds = Math.min(end, p.until) - Math.max(start, p.from);
    if (v !== undefined && seconds > 0) out.push({ value: key === 'memBytes' ? Math.min(v, g.memoryBytes) : v, seconds });
  }
  return out;
}

/** CPU fraction (0–1 of the guest's cores) around `load`, daily + 2-hourly waves, a little noise; a load profile wins. */
export function guestCpuAt(g: SimGuest, t: number): number {
  if (g.template) return 0;
  const forced = g.loadProfiles.length > 0 ? profileAt(g, t, 'cpu') : undefined;
  if (forced !== undefined) return clamp(forced, 0, 1);
  const daily = 0.35 * Math.sin((TAU * t) / DAY + g.phase);
  const short = 0.12 * Math.sin((TAU * t) / 7_200 + g.phase * 3);
  const jitter = 0.1 * (noise(g.vmid, Math.floor(t / 60)) - 0.5);
  return clamp(g.load * (1 + daily + short + jitter), 0.0005, 1);
}

export function guestMemAt(g: SimGuest, t: number): number {
  const forced = g.loadProfiles.length > 0 ? profileAt(g, t, 'memBytes') : undefined;
  if (forced !== undefined) return Math.round(Math.min(forced, g.memoryBytes));
  const wave = 0.06 * Math.sin((TAU * t) / DAY + g.phase + 1) + 0.02 * (noise(g.vmid + 7, Math.floor(t / 60)) - 0.5);
  return Math.round(g.memoryBytes * clamp(g.memUsage * (1 + wave), 0.02, 0.98));
}

/** Per-guest factor of its I/O rates (hashing the name once per guest: RRD answers evaluate rates often). */
const rateFactor = new WeakMap<SimGuest, number>();
function rateK(g: SimGuest): number {
  let k = rateFactor.get(g);
  if (k === undefined) {
    k = 0.5 + (hashString(g.name) % 100) / 100;
    rateFactor.set(g, k);
  }
  return k;
}

export interface GuestRates {
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
}

/** Network and disk rates (bytes/s) derived from the CPU load. */
export function ratesFromCpu(g: SimGuest, cpu: number): GuestRates {
  const k = rateK(g);
  return {
    netin: (1_500 + cpu * 900_000) * k,
    netout: (800 + cpu * 350_000) * k,
    diskread: cpu * 1_200_000 * k,
    diskwrite: (2_000 + cpu * 600_000) * k,
  };
}

/**
 * PSI (percent of time stalled, /proc/pressure avg60-like) of a running guest: CPU stalls grow once it
 * uses most of its cores, I/O stalls follow its disk writes, memory stalls appear near its memory limit.
 */
export function guestPressureAt(g: SimGuest, t: number): Record<PressureKey, number> {
  const cpu = guestCpuAt(g, t);
  return pressureFrom(g, t, cpu, ratesFromCpu(g, cpu).diskwrite, guestMemAt(g, t));
}

/** The same from values already computed for that instant. */
export function pressureFrom(g: SimGuest, t: number, cpu: number, diskwrite: number, mem: number): Record<PressureKey, number> {
  const n = noise(g.vmid + 13, Math.floor(t / 60));
  const cpuSome = clamp(0.05 + 0.4 * n + 120 * Math.max(0, cpu - 0.55) ** 1.5, 0, 100);
  const ioSome = clamp(0.02 + 0.3 * n + (diskwrite / 1_000_000) * 1.5, 0, 100);
  const memSome = clamp(400 * Math.max(0, mem / g.memoryBytes - 0.9) ** 1.2, 0, 100);
  return {
    pressurecpusome: cpuSome,
    pressurecpufull: cpuSome * 0.7,
    pressureiosome: ioSome,
    pressureiofull: ioSome * 0.95,
    pressurememorysome: memSome,
    pressurememoryfull: memSome * 0.9,
  };
}

export const PRESSURE_KEYS = [
  'pressurecpusome',
  'pressurecpufull',
  'pressureiosome',
  'pressureiofull',
  'pressurememorysome',
  'pressurememoryfull',
] as const;
export type PressureKey = (typeof PRESSURE_KEYS)[number];

/** PVE 9 `memhost`: what the VM's QEMU process uses on the host (guest RAM touched plus device overhead). */
export function guestMemHost(g: SimGuest, mem: number): number {
  return Math.round(Math.min(g.memoryBytes * 1.02, mem * 1.04 + 48 * 1024 ** 2 + g.memoryBytes * 0.006));
}

export function uptime(g: SimGuest, now: number): number {
  return g.status === 'running' && g.startedAt !== undefined ? Math.max(0, Math.floor(now - g.startedAt)) : 0;
}

/** LXC reports filesystem usage; qemu reports 0 without the agent (as PVE does). */
export function guestDiskUsed(g: SimGuest): number {
  return g.type === 'lxc' ? Math.round(g.diskBytes * (0.15 + (hashString(g.name) % 55) / 100)) : 0;
}

export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

/** CPU and memory now; the I/O counters are counters.ts's. */
export interface GuestMetrics {
  cpu: number;
  mem: number;
}

const STOPPED: GuestMetrics = { cpu: 0, mem: 0 };
interface CachedMetrics {
  bucket: number;
  load: number;
  memUsage: number;
  startedAt: number | undefined;
  template: boolean;
  memoryBytes: number;
  profiles: number;
  lastUntil: number;
  value: GuestMetrics;
}
const current = new WeakMap<SimGuest, CachedMetrics>();

/**
 * The guest's current cpu and mem, refreshed every 10 s or when an
 * input changes, like the stats pvestatd caches: list answers of big nodes stay cheap. The inputs
 * are compared field by field (a string key costs more than the metrics themselves).
 */
export function currentMetrics(g: SimGuest, now: number): GuestMetrics {
  if (g.status !== 'running') return STOPPED;
  const bucket = Math.floor(now / 10);
  const hit = current.get(g);
  if (
    hit !== undefined &&
    hit.bucket === bucket &&
    hit.load === g.load &&
    hit.memUsage === g.memUsage &&
    hit.startedAt === g.startedAt &&
    hit.template === g.template &&
    hit.memoryBytes === g.memoryBytes &&
    hit.profiles === g.loadProfiles.length &&
    hit.lastUntil === (g.loadProfiles.at(-1)?.until ?? 0)
  ) {
    return hit.value;
  }
  const value = { cpu: guestCpuAt(g, now), mem: guestMemAt(g, now) };
  current.set(g, {
    bucket,
    load: g.load,
    memUsage: g.memUsage,
    startedAt: g.startedAt,
    template: g.template,
    memoryBytes: g.memoryBytes,
    profiles: g.loadProfiles.length,
    lastUntil: g.loadProfiles.at(-1)?.until ?? 0,
    value,
  });
  return value;
}
