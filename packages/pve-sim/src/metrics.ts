import { hashString, noise } from './rng';
import type { SimGuest } from './types';

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

/** CPU fraction (0–1 of the guest's cores) around `load`, daily + 2-hourly waves, a little noise. */
export function guestCpuAt(g: SimGuest, t: number): number {
  if (g.template) return 0;
  const daily = 0.35 * Math.sin((TAU * t) / DAY + g.phase);
  const short = 0.12 * Math.sin((TAU * t) / 7_200 + g.phase * 3);
  const jitter = 0.1 * (noise(g.vmid, Math.floor(t / 60)) - 0.5);
  return clamp(g.load * (1 + daily + short + jitter), 0.0005, 1);
}

export function guestMemAt(g: SimGuest, t: number): number {
  const wave = 0.06 * Math.sin((TAU * t) / DAY + g.phase + 1) + 0.02 * (noise(g.vmid + 7, Math.floor(t / 60)) - 0.5);
  return Math.round(g.memoryBytes * clamp(g.memUsage * (1 + wave), 0.02, 0.98));
}

/** Network and disk rates (bytes/s) derived from load. */
export function guestRatesAt(g: SimGuest, t: number): { netin: number; netout: number; diskread: number; diskwrite: number } {
  const cpu = guestCpuAt(g, t);
  const k = 0.5 + (hashString(g.name) % 100) / 100;
  return {
    netin: (1_500 + cpu * 900_000) * k,
    netout: (800 + cpu * 350_000) * k,
    diskread: cpu * 1_200_000 * k,
    diskwrite: (2_000 + cpu * 600_000) * k,
  };
}

/** Counters since start: mean rate times uptime. */
export function guestCounters(g: SimGuest, now: number): { netin: number; netout: number; diskread: number; diskwrite: number } {
  const up = uptime(g, now);
  const r = guestRatesAt(g, now);
  return {
    netin: Math.round(r.netin * up * 0.8),
    netout: Math.round(r.netout * up * 0.8),
    diskread: Math.round(r.diskread * up * 0.6),
    diskwrite: Math.round(r.diskwrite * up * 0.6),
  };
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

export interface GuestMetrics {
  cpu: number;
  mem: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
}

const STOPPED: GuestMetrics = { cpu: 0, mem: 0, netin: 0, netout: 0, diskread: 0, diskwrite: 0 };
interface CachedMetrics {
  bucket: number;
  load: number;
  memUsage: number;
  startedAt: number | undefined;
  template: boolean;
  memoryBytes: number;
  value: GuestMetrics;
}
const current = new WeakMap<SimGuest, CachedMetrics>();

/**
 * The guest's current metrics (cpu/mem, counters since start), refreshed every 10 s or when an
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
    hit.memoryBytes === g.memoryBytes
  ) {
    return hit.value;
  }
  const c = guestCounters(g, now);
  const value = { cpu: guestCpuAt(g, now), mem: guestMemAt(g, now), ...c };
  current.set(g, {
    bucket,
    load: g.load,
    memUsage: g.memUsage,
    startedAt: g.startedAt,
    template: g.template,
    memoryBytes: g.memoryBytes,
    value,
  });
  return value;
}
