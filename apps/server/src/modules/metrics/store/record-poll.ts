import type { ClusterResource } from '@proxai/pve-client';
import type { Db } from '../../../db/client';
import type { MetricName, Subject } from './catalogue';
import { guestIds, keepReadings, previousReadings, storageIds, type CounterReading } from './poll-cache';
import { writeSamples, type SampleBatch } from './staging';

/** A poll's answer: what the host poller (hosts/host-sync.ts) read, and the registered nodes it covers. */
export interface PollRecord {
  organisationId: string;
  /** The polled host (its guests' counters are kept, in this process, for its next poll's rates). */
  host: { id: string };
  /** The registered hosts whose node the answer covers (the polled one first). */
  members: { id: string; pveNode: string }[];
  resources: ClusterResource[];
  readAt: Date;
}

/** PVE 9's PSI keys (percent) → our names. */
const PRESSURE: [string, MetricName][] = [
  ['pressurecpusome', 'pressure_cpu_some'],
  ['pressurecpufull', 'pressure_cpu_full'],
  ['pressureiosome', 'pressure_io_some'],
  ['pressureiofull', 'pressure_io_full'],
  ['pressurememorysome', 'pressure_memory_some'],
  ['pressurememoryfull', 'pressure_memory_full'],
];
const withPressure = (keys: [string, MetricName][]) => [...keys, ...PRESSURE] as const;
const NODE_KEYS = withPressure([
  ['cpu', 'cpu'],
  ['mem', 'mem'],
  ['maxmem', 'maxmem'],
  ['disk', 'disk'],
  ['maxdisk', 'maxdisk'],
]);
const RUNNING_KEYS = withPressure([
  ['cpu', 'cpu'],
  ['mem', 'mem'],
  ['maxmem', 'maxmem'],
  ['memhost', 'memhost'],
  ['maxdisk', 'maxdisk'],
]);
const STOPPED_KEYS: [string, MetricName][] = [
  ['maxmem', 'maxmem'],
  ['maxdisk', 'maxdisk'],
];
const STORAGE_KEYS: [string, MetricName][] = [
  ['disk', 'used'],
  ['maxdisk', 'total'],
];
const COUNTERS = ['netin', 'netout', 'diskread', 'diskwrite'] as const;
/** Rates are not derived across a longer silence (a poll missed for minutes says nothing about one minute). */
const MAX_RATE_SPAN_S = 300;
/**
 * How far the time between two readings by PVE's clock (their uptimes) may differ from ours: each reading is up to
 * 10 s old (pvestatd's cycle), plus a second of rounding. Further apart, the guest restarted in between.
 */
const UPTIME_SLACK_S = 15;

type Raw = Record<string, unknown>;
const num = (r: Raw, k: string): number | undefined => (typeof r[k] === 'number' && Number.isFinite(r[k]) ? r[k] : undefined);

/** The figures of one resource entry that the store keeps (cpu as PVE gives it: a fraction of its cores). */
function gauges(r: Raw, keys: readonly (readonly [string, MetricName])[]): Partial<Record<MetricName, number>> {
  const out: Partial<Record<MetricName, number>> = {};
  for (const [from, to] of keys) {
    const v = num(r, from);
    if (v !== undefined) out[to] = v;
  }
  return out;
}

/**
 * Per-second rates from two readings of a guest's cumulative counters, and the reading to keep for the next poll.
 * The time between them is PVE's (the uptimes' difference: when its counters were sampled), ours when it gives no
 * uptime. No sample, never a spike, without a previous reading (a first poll, a restarted portal), when the guest
 * restarted (uptime or a counter went back, or the uptime did not follow the clock) or after a long silence. Two
 * readings of one PVE sample (same uptime) give nothing and keep the older one, so the next rate spans both.
 */
export function ratesBetween(
  prev: CounterReading | undefined,
  cur: CounterReading,
): { rates: Partial<Record<MetricName, number>>; keep: CounterReading } {
  const rates: Partial<Record<MetricName, number>> = {};
  if (!prev) return { rates, keep: cur };
  const elapsed = (cur.at - prev.at) / 1000;
  if (!(elapsed > 0) || elapsed > MAX_RATE_SPAN_S) return { rates, keep: cur };
  let seconds = elapsed;
  if (prev.uptime !== null && cur.uptime !== null) {
    const pveSeconds = cur.uptime - prev.uptime;
    if (pveSeconds === 0) return { rates, keep: prev };
    if (pveSeconds < 0 || Math.abs(pveSeconds - elapsed) > UPTIME_SLACK_S) return { rates, keep: cur };
    seconds = pveSeconds;
  }
  COUNTERS.forEach((name, i) => {
    const a = prev.values[i];
    const b = cur.values[i];
    if (typeof a === 'number' && typeof b === 'number' && b >= a) rates[name] = (b - a) / seconds;
  });
  return { rates, keep: cur };
}

/**
 * Records what one poll read: node, guest and storage samples (one staging row), the `storages` rows of the nodes
 * it covers, and the guests' counters for the next poll's rates. Guests without a row (templates,
 * unregistered nodes) are skipped.
 */
export async function recordPoll(db: Db, rec: PollRecord): Promise<void> {
  const byNode = new Map(rec.members.map((m) => [m.pveNode, m]));
  const raw = rec.resources as unknown as Raw[];
  const samples: SampleBatch['samples'] = [];
  const readAt = rec.readAt.getTime();

  const storageEntries = raw.filter((r) => r['type'] === 'storage' && byNode.has(String(r['node'])));
  const hostOfNode = new Map(rec.members.map((m) => [m.pveNode, m.id]));
  const storageId = await storageIds(db, rec.organisationId, rec.host.id, hostOfNode, storageEntries, readAt);
  for (const s of storageEntries) {
    const id = storageId.get(`${String(s['node'])}/${String(s['storage'])}`);
    if (!id || s['status'] !== 'available') continue;
    samples.push({ subject: { kind: 'storage', id }, values: gauges(s, STORAGE_KEYS) });
  }

  for (const r of raw) {
    if (r['type'] !== 'node' || r['status'] !== 'online') continue;
    const member = byNode.get(String(r['node']));
    if (!member) continue;
    const values = gauges(r, NODE_KEYS);
    samples.push({ subject: { kind: 'node', id: member.id }, values });
  }

  // Guests: keyed by vmid (inside one cluster a vmid names one guest), as the poll reconciled them.
  const listed = raw.filter(
    (r) => (r['type'] === 'qemu' || r['type'] === 'lxc') && r['template'] !== 1 && byNode.has(String(r['node'])),
  );
  const ids = await guestIds(
    db,
    rec.host.id,
    rec.members.map((m) => m.id),
    listed.map((r) => ({ vmid: Number(r['vmid']), name: typeof r['name'] === 'string' ? r['name'] : '' })),
    readAt,
  );
  const prev = previousReadings(rec.host.id);
  const readings = new Map<string, CounterReading>();
  for (const r of listed) {
    const id = ids.get(Number(r['vmid']))?.id;
    if (!id) continue;
    const subject: Subject = { kind: 'guest', id };
    const running = r['status'] === 'running';
    // As PVE's own RRD: a stopped guest has only its sizes (no cpu 0 that would read as "idle").
    const values = gauges(r, running ? RUNNING_KEYS : STOPPED_KEYS);
    // A VM's `disk` is always 0 in PVE (it cannot see inside); only a container's is a figure.
    const disk = num(r, 'disk');
    if (disk !== undefined && (r['type'] === 'lxc' || disk > 0)) values.disk = disk;
    if (running) {
      const cur = { at: readAt, uptime: num(r, 'uptime') ?? null, values: COUNTERS.map((k) => num(r, k) ?? null) };
      const { rates, keep } = ratesBetween(prev?.get(id), cur);
      readings.set(id, keep);
      Object.assign(values, rates);
    }
    samples.push({ subject, values });
  }
  await writeSamples(db, { organisationId: rec.organisationId, at: rec.readAt, samples });
  keepReadings(rec.host.id, readings);
}
