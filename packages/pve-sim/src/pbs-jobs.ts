import { pbsTime } from './backup-volumes';
import { nextRun } from './calendar';
import { markPrune, type KeepOptions } from './prune';
import { gcStatusJson, type PbsDatastoreState, type PbsSnapshotState, type SimPbs } from './pbs-state';
import { ApiError } from './router';
import type { SimTask } from './types';

/**
 * PBS maintenance (proxmox-backup src/api2/admin/{datastore,gc,prune,verify,sync}.rs, src/api2/node/tasks.rs):
 * garbage collection, prune and verify jobs with their schedule status (JobScheduleStatus: next-run,
 * last-run-state, last-run-upid, last-run-endtime), manual verify / prune / GC tasks and task logs.
 * GC job status (`store`, `schedule`, `next-run`, `last-run-*`, `duration` next to the GC figures; `/admin/gc`)
 * exists from PBS 3.3; 3.2 answers the GC figures only. Simplification: verify checks every selected snapshot
 * (`ignore-verified` / `outdated-after` are accepted, not applied).
 */

const now = (): number => Math.floor(Date.now() / 1000);
/** PBS task log lines carry the time: `2024-06-30T21:00:02+00:00: text`. */
const stamp = (text: string): string => `${new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00')}: ${text}`;
export const gcJobStatus = (pbs: SimPbs): boolean => {
  const [major = 0, minor = 0] = pbs.spec.version.split('.').map(Number);
  return major > 3 || (major === 3 && minor >= 3);
};

/** The newest finished task of that type and worker id: a job's last run. */
export function lastRun(pbs: SimPbs, type: string, id: string): SimTask | undefined {
  return [...pbs.runner.tasks].reverse().find((t) => t.type === type && t.id === id);
}

/** JobScheduleStatus from the job's last task and its schedule. */
export function schedule(task: SimTask | undefined, cron: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const from = task?.endtime ?? now();
  const next = cron ? nextRun(cron, Math.max(from, now())) : undefined;
  if (next !== undefined) out['next-run'] = next;
  if (task && task.status === 'stopped') {
    out['last-run-state'] = task.exitstatus ?? 'unknown';
    out['last-run-upid'] = task.upid;
    out['last-run-endtime'] = task.endtime ?? now();
  }
  return out;
}

export function gcStatus(pbs: SimPbs, ds: PbsDatastoreState): Record<string, unknown> {
  const out = gcStatusJson(ds);
  if (!gcJobStatus(pbs)) return out;
  const task = lastRun(pbs, 'garbage_collection', ds.spec.name);
  const sched = schedule(task, ds.gcSchedule);
  const duration = task?.endtime !== undefined ? { duration: task.endtime - task.starttime } : {};
  return { store: ds.spec.name, ...out, schedule: ds.gcSchedule, ...sched, ...duration };
}

const fmtBytes = (n: number): string =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GiB` : `${(n / 1024 ** 2).toFixed(2)} MiB`;

export function startGc(pbs: SimPbs, ds: PbsDatastoreState, authid: string): string {
  const running = pbs.runner.tasks.some(
    (t) => t.type === 'garbage_collection' && t.id === ds.spec.name && t.status === 'running',
  );
  if (running)
    throw new ApiError(
      400,
      `unable to start garbage collection job on datastore ${ds.spec.name} - garbage collection already running`,
    );
  const task = pbs.runner.start('garbage_collection', ds.spec.name, authid, {
    durationMs: pbs.taskDurationMs,
    log: [stamp(`starting garbage collection on store ${ds.spec.name}`), stamp('Start GC phase1 (mark used chunks)')],
    run: () => {
      const removed = ds.pendingBytes;
      ds.usedBytes = Math.max(0, ds.usedBytes - removed);
      ds.pendingBytes = 0;
      ds.lastGc = { upid: task.upid, removedBytes: removed, removedChunks: Math.round(removed / 1_650_000), pendingBytes: 0 };
      return [
        stamp(`marked 100% (${ds.snapshots.length * 2} of ${ds.snapshots.length * 2} index files)`),
        stamp('Start GC phase2 (sweep unused chunks)'),
        stamp(`Removed garbage: ${fmtBytes(removed)}`),
        stamp(`Removed chunks: ${ds.lastGc.removedChunks}`),
        stamp('Pending removals: 0 B (in 0 chunks)'),
        stamp(`On-Disk usage: ${fmtBytes(ds.usedBytes)} (${((ds.usedBytes / ds.spec.totalBytes) * 100).toFixed(2)}%)`),
        stamp(`On-Disk chunks: ${Math.round(ds.usedBytes / 1_650_000)}`),
      ];
    },
  });
  return task.upid;
}

const snapName = (s: PbsSnapshotState): string => `${s.type}/${s.id}/${pbsTime(s.time)}`;

/** Verifies snapshots (manual verify or a verify job): `verification` set on each; a corrupt one fails the task. */
export function runVerify(
  pbs: SimPbs,
  ds: PbsDatastoreState,
  type: string,
  workerId: string,
  authid: string,
  pick: PbsSnapshotState[],
): string {
  const task = pbs.runner.start(type, workerId, authid, {
    durationMs: pbs.taskDurationMs,
    log: [stamp(`verify datastore ${ds.spec.name}`)],
    run: () => {
      const lines: string[] = [];
      const failed: string[] = [];
      for (const s of pick) {
        lines.push(stamp(`verify ${ds.spec.name}:${snapName(s)}`));
        const bad = s.verifyFault === true;
        s.verification = bad ? 'failed' : 'ok';
        s.verificationUpid = task.upid;
        if (bad) {
          failed.push(snapName(s));
          lines.push(stamp(`  verified ${fmtBytes(s.size)} in 0.40 seconds (1 errors)`));
          lines.push(stamp(`verify ${ds.spec.name}:${snapName(s)} failed: chunks could not be verified`));
        } else {
          lines.push(stamp(`  verified ${fmtBytes(s.size)} in 0.40 seconds (0 errors)`));
        }
      }
      if (failed.length === 0) return lines;
      lines.push(stamp('Failed to verify the following snapshots/groups:'), ...failed.map((f) => stamp(`\t${f}`)));
      throw Object.assign(new Error('verification failed - please check the log for details'), { lines });
    },
  });
  return task.upid;
}

/** Prunes every group of a datastore with the keep options (manual prune-datastore or a prune job). */
export function runPrune(
  pbs: SimPbs,
  ds: PbsDatastoreState,
  type: string,
  authid: string,
  keep: KeepOptions,
  dryRun: boolean,
  jobId?: string,
): string {
  const opts = Object.entries(keep).map(([k, v]) => `--${k} ${String(v)}`);
  const task = pbs.runner.start(type, ds.spec.name, authid, {
    durationMs: pbs.taskDurationMs,
    log: [
      ...(jobId ? [stamp(`prune job '${jobId}'`)] : []),
      stamp(`Starting datastore prune on datastore '${ds.spec.name}', root namespace`),
      stamp(`retention options: ${opts.join(' ')}`),
    ],
    run: () => {
      const lines: string[] = [];
      const groups = new Map<string, PbsSnapshotState[]>();
      for (const s of ds.snapshots) groups.set(`${s.type}/${s.id}`, [...(groups.get(`${s.type}/${s.id}`) ?? []), s]);
      const gone: PbsSnapshotState[] = [];
      for (const [name, list] of groups) {
        lines.push(stamp(`Pruning group "${name}"`));
        const marks = markPrune(list, keep);
        for (const s of [...list].sort((a, b) => b.time - a.time)) {
          const mark = marks.get(s) ?? 'keep';
          lines.push(
            stamp(
              `${dryRun ? 'would ' : ''}${mark === 'remove' ? 'remove' : 'keep'} ${snapName(s)}${mark === 'protected' ? ' (protected)' : ''}`,
            ),
          );
          if (mark === 'remove') gone.push(s);
        }
      }
      if (!dryRun) pbs.removeSnapshots(ds, gone);
      return lines;
    },
  });
  return task.upid;
}
