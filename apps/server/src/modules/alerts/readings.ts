import type { AlertRuleKind, AlertScope, AlertSubject } from '@proxai/contract';
import type { Reading } from './engine';
import { levelOf } from './rules';

/**
 * What the evaluator reads of the fleet, turned into one engine reading per (rule, subject) (pure). Subjects are
 * keyed `host:<hosts.id>`, `guest:<guests.id>` and `storage:<storages.id>`; a node's cpu, memory and disk are its
 * host's. guest_down is not read here (guest-stops.ts decides when it opens; here only whether it still holds).
 */

export interface FleetHost {
  id: string;
  name: string;
  status: 'online' | 'offline' | 'unknown';
  lastSyncAt: Date | null;
  pollFailures: number;
  lastError: string | null;
  clusterName: string | null;
}

export interface FleetGuest {
  id: string;
  hostId: string;
  vmid: number;
  name: string;
  state: string;
  tags: string[];
  memoryMb: number;
}

export interface FleetStorage {
  id: string;
  hostId: string;
  node: string;
  name: string;
  shared: boolean;
  used: number | null;
  total: number | null;
  status: string;
}

export type LatestValues = Map<string, { at: Date; values: Partial<Record<string, number>> }>;

export interface Fleet {
  hosts: FleetHost[];
  guests: FleetGuest[];
  storages: FleetStorage[];
  /** The metric store's newest samples, keyed 'node:<hostId>', 'guest:<id>', 'storage:<id>'. */
  latest: LatestValues;
}

export interface RuleForReading {
  id: string;
  kind: AlertRuleKind;
  trigger: number | null;
  clear: number | null;
  durationSeconds: number;
  scope: AlertScope;
}

export interface SubjectReading {
  subjectKey: string;
  subject: AlertSubject;
  hostId: string;
  reading: Reading;
  /** The duration the engine applies (host_offline: its trigger). */
  durationSeconds: number;
  /** What the alert's summary says. */
  summary: string;
}

const MIB = 1024 * 1024;
const pct = (part: number | undefined, whole: number | undefined) =>
  part === undefined || whole === undefined || !(whole > 0) ? null : Math.round((part / whole) * 1000) / 10;

function inScope(scope: AlertScope, hostId: string, tags: readonly string[] | null): boolean {
  if ('all' in scope) return true;
  if ('host_ids' in scope) return scope.host_ids.includes(hostId);
  return tags !== null && scope.tags.some((t) => tags.includes(t));
}

const LABEL: Record<'cpu' | 'memory' | 'disk' | 'storage', string> = {
  cpu: 'CPU',
  memory: 'Memory',
  disk: 'Disk',
  storage: 'Storage',
};

function percentReading(
  rule: RuleForReading,
  kind: 'cpu' | 'memory' | 'disk' | 'storage',
  subjectKey: string,
  subject: AlertSubject,
  hostId: string,
  value: number | null,
): SubjectReading {
  const level = levelOf(rule, value);
  const shown = value === null ? '?' : `${value} %`;
  return {
    subjectKey,
    subject,
    hostId,
    reading: { level, value },
    durationSeconds: rule.durationSeconds,
    summary: `${LABEL[kind]} of ${subject.name} at ${shown} (trigger ${rule.trigger} %)`,
  };
}

/** Guest memory: the guest agent's figure (without page cache) when the newest sample has it, else PVE's. */
function guestMemoryPercent(values: Partial<Record<string, number>>, g: FleetGuest): number | null {
  const max = values.maxmem ?? (g.memoryMb > 0 ? g.memoryMb * MIB : undefined);
  return pct(values.mem_agent ?? values.mem, max);
}

/** Readings of one rule over the fleet (guest_down: none, see guest-stops.ts). */
export function readingsOf(rule: RuleForReading, fleet: Fleet, now: Date, syncIntervalSeconds: number): SubjectReading[] {
  const out: SubjectReading[] = [];
  const hostName = new Map(fleet.hosts.map((h) => [h.id, h.name]));
  const t = now.getTime();
  for (const h of fleet.hosts) {
    if (!inScope(rule.scope, h.id, null)) continue;
    const subject: AlertSubject = { kind: 'host', id: h.id, name: h.name };
    const key = `host:${h.id}`;
    switch (rule.kind) {
      case 'host_offline': {
        // Unreachable since its first failed poll when that is the last one; else since the engine first saw it.
        const since = h.status === 'offline' && h.pollFailures <= 1 && h.lastSyncAt ? h.lastSyncAt.getTime() : undefined;
        const level = h.status === 'offline' ? 'high' : h.status === 'online' ? 'low' : 'unknown';
        const seconds = since === undefined ? null : Math.max(0, Math.round((t - since) / 1000));
        out.push({
          subjectKey: key,
          subject,
          hostId: h.id,
          reading: { level, value: seconds, since },
          durationSeconds: Math.max(rule.trigger ?? 0, rule.durationSeconds),
          summary: `${h.name} unreachable for over ${rule.trigger} s${h.lastError ? ` (${h.lastError})` : ''}`,
        });
        break;
      }
      case 'collector_stale': {
        // Only while the host is not known offline (host_offline speaks for it then).
        const intervals = h.lastSyncAt ? Math.round(((t - h.lastSyncAt.getTime()) / 1000 / syncIntervalSeconds) * 10) / 10 : null;
        const reading: Reading =
          h.status === 'offline'
            ? { level: 'low', value: intervals }
            : h.status === 'unknown'
              ? { level: 'unknown', value: null }
              : { level: levelOf(rule, intervals), value: intervals };
        out.push({
          subjectKey: key,
          subject,
          hostId: h.id,
          reading,
          durationSeconds: rule.durationSeconds,
          summary: `No poll of ${h.name} for ${intervals ?? '?'} intervals of ${syncIntervalSeconds} s (trigger ${rule.trigger})`,
        });
        break;
      }
      case 'cpu':
      case 'memory':
      case 'disk': {
        const v = fleet.latest.get(`node:${h.id}`)?.values;
        const value = !v
          ? null
          : rule.kind === 'cpu'
            ? v.cpu === undefined
              ? null
              : Math.round(v.cpu * 1000) / 10
            : rule.kind === 'memory'
              ? pct(v.mem, v.maxmem)
              : pct(v.disk, v.maxdisk);
        out.push(percentReading(rule, rule.kind, key, subject, h.id, value));
        break;
      }
      // Not per host: storages below, guest_down in guest-stops.ts, backups in backup-readings.ts,
      // restore tests in restore-test-readings.ts.
      case 'storage':
      case 'guest_down':
      case 'backup_failed':
      case 'backup_missing':
      case 'restore_test_missing':
      case 'restore_test_failed':
        break;
    }
  }
  if (rule.kind === 'cpu' || rule.kind === 'memory' || rule.kind === 'disk') {
    for (const g of fleet.guests) {
      if (!inScope(rule.scope, g.hostId, g.tags)) continue;
      const subject: AlertSubject = { kind: 'guest', id: g.id, name: g.name || `${g.vmid}` };
      const v = fleet.latest.get(`guest:${g.id}`)?.values;
      let value: number | null = null;
      if (g.state !== 'running') value = 0;
      else if (v) {
        if (rule.kind === 'cpu') value = v.cpu === undefined ? null : Math.round(v.cpu * 1000) / 10;
        else if (rule.kind === 'memory') value = guestMemoryPercent(v, g);
        // A VM's disk figure is 0 without its agent: no reading rather than a false 0 %.
        else value = v.disk ? pct(v.disk, v.maxdisk) : null;
      }
      out.push(percentReading(rule, rule.kind, `guest:${g.id}`, subject, g.hostId, value));
    }
  }
  if (rule.kind === 'storage') {
    // Shared storage is listed once per node: one alert per storage of a cluster (or host), not one per node.
    const seen = new Set<string>();
    const clusterOf = new Map(fleet.hosts.map((h) => [h.id, h.clusterName ?? h.id]));
    for (const s of [...fleet.storages].sort((a, b) => a.node.localeCompare(b.node))) {
      if (!inScope(rule.scope, s.hostId, null)) continue;
      const dedupe = s.shared ? `${clusterOf.get(s.hostId) ?? s.hostId}/${s.name}` : s.id;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      const v = fleet.latest.get(`storage:${s.id}`)?.values;
      const available = s.status === 'available' || s.status === 'active';
      const value = available ? pct(v?.used ?? s.used ?? undefined, v?.total ?? s.total ?? undefined) : null;
      const name = s.shared ? s.name : `${s.name} on ${hostName.get(s.hostId) ?? s.node}`;
      out.push(percentReading(rule, 'storage', `storage:${s.id}`, { kind: 'storage', id: s.id, name }, s.hostId, value));
    }
  }
  return out;
}

/** Whether a guest_down subject still holds: 'high' while the guest stays stopped, 'low' once it runs or is gone. */
export function guestDownReading(g: FleetGuest | undefined): Reading {
  if (!g) return { level: 'low', value: null };
  return g.state === 'running' ? { level: 'low', value: null } : { level: 'high', value: null };
}

export { inScope };
