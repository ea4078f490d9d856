import type {
  PbsDatastoreDetail,
  PbsGcStatus as PbsGcStatusDto,
  PbsHostDetail,
  PbsJob,
  PbsJobType,
  PbsSnapshotRef,
  PbsTask,
} from '@proxai/contract';
import {
  isPveError,
  parseUpid,
  type PbsClient,
  type PbsDatastoreUsage,
  type PbsGcStatus,
  type PbsJobScheduleStatus,
  type PbsSnapshot,
  type PbsTaskListItem,
} from '@proxai/pve-client';
import type { HostRow } from '../hosts/hosts.repository';
import { mapBounded } from '../../kernel/map-bounded';
import { isFailedTask, usageRow } from './pbs-usage';

// The PBS page, read live: datastores (usage, forecast, GC, snapshots, verification), jobs and failed tasks.

const DAY_S = 86_400;
/** Failed tasks shown: those of the last week, at most this many. */
const TASKS_SHOWN = 50;
const FAILED_SNAPSHOTS_SHOWN = 20;
/** Datastores read side by side (each costs three requests). */
const STORES_AT_ONCE = 4;

/** What the page reads of PBS's job answers (GC, prune, verify and sync jobs share the schedule status). */
type JobStatus = PbsJobScheduleStatus & { id?: string; store?: string; schedule?: string; disable?: boolean; comment?: string };

const iso = (epoch: number | undefined | null) =>
  typeof epoch === 'number' && Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000).toISOString() : null;
const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : null);

/** What a refused or failed read says, as the PBS said it (a registered, pinned PBS's own words). */
const failure = (err: unknown) =>
  isPveError(err) ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : String(err);

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

function toJob(type: PbsJobType, j: JobStatus, fallbackStore = ''): PbsJob {
  return {
    type,
    id: j.id ?? fallbackStore,
    store: j.store ?? fallbackStore,
    schedule: j.schedule ?? null,
    enabled: j.disable !== true,
    last_run_at: iso(j['last-run-endtime']),
    last_state: j['last-run-state'] ?? null,
    next_run_at: iso(j['next-run']),
    comment: j.comment ?? null,
  };
}

/**
 * The datastore's last GC: its figures (GC status, else the usage's `gc-status`) and how it ended: the GC job's
 * status on PBS ≥ 3.3, else its newest finished garbage_collection task (PBS 3.2 has no GC job status).
 */
export function gcOf(
  status: PbsGcStatus | undefined,
  usage: PbsDatastoreUsage,
  lastTask: PbsTaskListItem | undefined,
): PbsGcStatusDto | null {
  const fromUsage = usage['gc-status'];
  const upid =
    status?.['last-run-upid'] ?? status?.upid ?? (typeof fromUsage?.['upid'] === 'string' ? fromUsage['upid'] : null) ?? null;
  if (!status && !upid && !lastTask) return null;
  const started = upid ? (parseUpid(upid)?.starttime ?? null) : null;
  return {
    last_run_at: iso(status?.['last-run-endtime']) ?? iso(lastTask?.endtime) ?? iso(started),
    state: status?.['last-run-state'] ?? lastTask?.status ?? null,
    removed_bytes: num(status?.['removed-bytes']) ?? num(fromUsage?.['removed-bytes']),
    pending_bytes: num(status?.['pending-bytes']) ?? num(fromUsage?.['pending-bytes']),
    upid: upid ?? lastTask?.upid ?? null,
  };
}

function snapshotFacts(snapshots: PbsSnapshot[]) {
  const failed = snapshots.filter((s) => s.verification?.state === 'failed');
  const newest: PbsSnapshotRef[] = [...failed]
    .sort((a, b) => b['backup-time'] - a['backup-time'])
    .slice(0, FAILED_SNAPSHOTS_SHOWN)
    .map((s) => ({ backup_type: s['backup-type'], backup_id: s['backup-id'], backup_time: iso(s['backup-time']) ?? '' }));
  // A snapshot's verification names the task that verified it: its start is when it was last verified.
  const verifiedAt = snapshots.map((s) => (s.verification ? (parseUpid(s.verification.upid)?.starttime ?? 0) : 0));
  return {
    snapshot_count: snapshots.length,
    failed_verifications: failed.length,
    unverified: snapshots.filter((s) => !s.verification).length,
    failed_snapshots: newest,
    lastVerified: Math.max(0, ...verifiedAt),
  };
}

function toTask(t: PbsTaskListItem): PbsTask {
  return {
    upid: t.upid,
    type: t.worker_type,
    worker_id: t.worker_id ?? null,
    user: t.user,
    started_at: iso(t.starttime) ?? '',
    ended_at: iso(t.endtime),
    status: t.status ?? '',
  };
}

/**
 * Reads the PBS page from the PBS. Its version and datastore usage must answer (else the whole read fails, and the
 * caller says the PBS is unreachable); each other part the PBS refuses (a token without that privilege) is left out
 * and named in `unreadable`, each datastore it cannot list carries its own `error`. `signal` bounds it all: past
 * it, nothing partial is answered.
 */
export async function readPbsPage(client: PbsClient, host: HostRow, now: Date, signal: AbortSignal): Promise<PbsHostDetail> {
  const req = { signal };
  const [version, usage] = await Promise.all([client.version(req), client.datastoreUsage(req)]);
  const readable = usage.filter((u) => u.error === undefined);
  const [prune, verify, sync, tasks, gcTasks, stores] = await Promise.all([
    settle(client.pruneJobs(req)),
    settle(client.verifyJobs(req)),
    settle(client.syncJobs(req)),
    settle(client.tasks({ errors: true, since: Math.floor(now.getTime() / 1000) - 7 * DAY_S, limit: 500, signal })),
    settle(client.tasks({ typefilter: 'garbage_collection', limit: 100, signal })),
    mapBounded(readable, STORES_AT_ONCE, async (u) => ({
      store: u.store,
      gc: await settle(client.gcStatus(u.store, req)),
      groups: await settle(client.groups(u.store, { signal })),
      snapshots: await settle(client.snapshots(u.store, { signal })),
    })),
  ]);
  if (signal.aborted) throw signal.reason;
  const byStore = new Map(stores.map((s) => [s.store, s]));
  const lastGcTask = (store: string) =>
    gcTasks.ok ? gcTasks.value.items.find((t) => t.worker_id === store && t.endtime !== undefined) : undefined;
  const verifyJobs: JobStatus[] = verify.ok ? verify.value : [];
  const lastVerifyJob = (store: string) =>
    Math.max(0, ...verifyJobs.filter((j) => j.store === store).map((j) => j['last-run-endtime'] ?? 0));

  const datastores: PbsDatastoreDetail[] = usage.map((u) => {
    const row = usageRow(u, now);
    const summary = {
      name: row.name,
      total: row.total,
      used: row.used,
      avail: row.avail,
      forecast_full_at: row.forecastFullAt,
      error: row.error,
    };
    const read = byStore.get(u.store);
    if (!read) {
      return {
        ...summary,
        gc: null,
        snapshot_count: null,
        group_count: null,
        failed_verifications: null,
        unverified: null,
        failed_snapshots: [],
        last_verify_at: iso(lastVerifyJob(u.store)),
      };
    }
    const facts = read.snapshots.ok ? snapshotFacts(read.snapshots.value) : null;
    const unreadable = [read.groups, read.snapshots].find((r) => !r.ok);
    return {
      ...summary,
      error: summary.error ?? (unreadable && !unreadable.ok ? failure(unreadable.error) : null),
      gc: gcOf(read.gc.ok ? read.gc.value : undefined, u, lastGcTask(u.store)),
      snapshot_count: facts?.snapshot_count ?? null,
      group_count: read.groups.ok ? read.groups.value.length : null,
      failed_verifications: facts?.failed_verifications ?? null,
      unverified: facts?.unverified ?? null,
      failed_snapshots: facts?.failed_snapshots ?? [],
      last_verify_at: iso(Math.max(lastVerifyJob(u.store), facts?.lastVerified ?? 0)),
    };
  });

  // PBS ≥ 3.3 schedules GC per datastore (its GC status carries the schedule); older ones schedule it in the
  // datastore's config, which the page does not read.
  const gcJobs = stores.flatMap((s) => (s.gc.ok && s.gc.value.schedule !== undefined ? [toJob('gc', s.gc.value, s.store)] : []));
  const jobs: PbsJob[] = [
    ...gcJobs,
    ...(prune.ok ? prune.value.map((j) => toJob('prune', j)) : []),
    ...verifyJobs.map((j) => toJob('verify', j)),
    ...(sync.ok ? sync.value.map((j) => toJob('sync', j)) : []),
  ];
  const unreadable: PbsHostDetail['unreadable'] = [
    ...(stores.some((s) => !s.gc.ok) ? (['gc'] as const) : []),
    ...(!prune.ok ? (['prune'] as const) : []),
    ...(!verify.ok ? (['verify'] as const) : []),
    ...(!sync.ok ? (['sync'] as const) : []),
    ...(!tasks.ok ? (['tasks'] as const) : []),
  ];
  return {
    host_id: host.id,
    name: host.name,
    version: version.version,
    read_at: now.toISOString(),
    datastores,
    jobs,
    tasks: tasks.ok ? tasks.value.items.filter(isFailedTask).slice(0, TASKS_SHOWN).map(toTask) : [],
    unreadable,
  };
}
