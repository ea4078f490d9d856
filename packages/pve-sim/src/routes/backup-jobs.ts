import { randomBytes } from 'node:crypto';
import { requirePriv } from '../auth';
import { findBackup } from '../backup-volumes';
import { nextRun } from '../calendar';
import { backupJobsOf, membersOf } from '../cluster';
import { configText } from '../guest-config';
import type { SimNode } from '../node-state';
import { ParamError, splitList, type ParamSchema, type ParamValue } from '../params';
import type { BackupJob } from '../restore-types';
import { ApiError, str, type RouteDef } from '../router';
import { nowSec } from './common';

/**
 * Datacenter backup jobs (pve-manager API2/Backup.pm: `/cluster/backup` CRUD, jobs.cfg), the guests no job
 * selects (API2/BackupInfo.pm `not-backed-up`) and the configuration inside a backup (API2/VZDump.pm
 * `extractconfig`). A cluster's members share one job list.
 */

const JOB_PARAMS: ParamSchema = {
  schedule: { type: 'string', optional: true },
  enabled: { type: 'boolean', optional: true },
  storage: { type: 'string', optional: true, format: 'pve-storage-id' },
  mode: { type: 'string', optional: true, enum: ['snapshot', 'suspend', 'stop'] },
  compress: { type: 'string', optional: true, enum: ['0', '1', 'gzip', 'lzo', 'zstd'] },
  vmid: { type: 'string', optional: true, format: 'pve-vmid-list' },
  all: { type: 'boolean', optional: true },
  pool: { type: 'string', optional: true },
  exclude: { type: 'string', optional: true, format: 'pve-vmid-list' },
  node: { type: 'string', optional: true, format: 'pve-node' },
  comment: { type: 'string', optional: true },
  'notes-template': { type: 'string', optional: true },
  'prune-backups': { type: 'string', optional: true },
  mailnotification: { type: 'string', optional: true, enum: ['always', 'failure'] },
  mailto: { type: 'string', optional: true },
  bwlimit: { type: 'integer', optional: true, min: 0 },
  zstd: { type: 'integer', optional: true, min: 0 },
  'repeat-missed': { type: 'boolean', optional: true },
};
const FIELDS = [
  'schedule',
  'storage',
  'mode',
  'compress',
  'vmid',
  'pool',
  'exclude',
  'node',
  'comment',
  'notes-template',
  'prune-backups',
  'mailnotification',
] as const;

function jobJson(job: BackupJob, now: number): Record<string, unknown> {
  const out: Record<string, unknown> = { id: job.id, type: 'vzdump', enabled: job.enabled ? 1 : 0, schedule: job.schedule };
  for (const k of FIELDS) if (k !== 'schedule' && job[k] !== undefined) out[k] = job[k];
  if (job.all) out['all'] = 1;
  Object.assign(out, job.extra);
  const next = job.enabled ? nextRun(job.schedule, now) : undefined;
  if (next !== undefined) out['next-run'] = next;
  return out;
}

function findJob(node: SimNode, id: string): BackupJob {
  const job = backupJobsOf(node).find((j) => j.id === id);
  if (!job) throw new ApiError(500, `job '${id}' not found`);
  return job;
}

/** VZDump verify_vzdump_parameters: one selection (vmid, all or pool), `exclude` only with `all`. */
function checkSelection(job: Pick<BackupJob, 'vmid' | 'all' | 'pool' | 'exclude'>): void {
  if (job.all && job.vmid !== undefined) throw new ParamError({ all: "option conflicts with option 'vmid'" });
  if (job.exclude !== undefined && !job.all)
    throw new ParamError({ exclude: "option only makes sense in combination with option 'all'" });
  if (!job.all && job.vmid === undefined && job.pool === undefined) throw new ParamError({ vmid: 'property is missing' });
}

function applyParams(job: BackupJob, p: Record<string, ParamValue>): void {
  for (const k of FIELDS) {
    const v = p[k];
    if (v !== undefined) job[k] = String(v) as never;
  }
  if (p['enabled'] !== undefined) job.enabled = p['enabled'] === true;
  if (p['all'] !== undefined) job.all = p['all'] === true;
  for (const k of ['mailto', 'bwlimit', 'zstd', 'repeat-missed']) {
    const v = p[k];
    if (v !== undefined)
      job.extra = { ...job.extra, [k]: typeof v === 'boolean' ? (v ? 1 : 0) : typeof v === 'number' ? v : String(v) };
  }
}

/** The vmids a job selects among the cluster's guests. */
function selected(job: BackupJob, vmids: number[]): Set<number> {
  if (job.all) {
    const excluded = new Set(splitList(job.exclude ?? '').map(Number));
    return new Set(vmids.filter((v) => !excluded.has(v)));
  }
  return new Set(splitList(job.vmid ?? '').map(Number));
}

export const backupJobRoutes: RouteDef<SimNode>[] = [
  {
    method: 'GET',
    path: '/cluster/backup',
    perm: () => ['/', 'Sys.Audit'],
    handler: ({ state }) => backupJobsOf(state).map((j) => jobJson(j, nowSec())),
  },
  {
    method: 'POST',
    path: '/cluster/backup',
    params: {
      ...JOB_PARAMS,
      id: { type: 'string', optional: true, pattern: /^[a-z][a-z0-9_-]{2,49}$/i },
      schedule: { type: 'string' },
    },
    perm: () => ['/', 'Sys.Modify'],
    handler: ({ state, params }) => {
      const jobs = backupJobsOf(state);
      const id = str(params['id']) ?? `backup-${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}`;
      if (jobs.some((j) => j.id === id)) throw new ApiError(500, `Job '${id}' already exists`);
      const job: BackupJob = { id, schedule: '', enabled: true };
      applyParams(job, params);
      checkSelection(job);
      jobs.push(job);
      return null;
    },
  },
  {
    method: 'GET',
    path: '/cluster/backup/{id}',
    perm: () => ['/', 'Sys.Audit'],
    handler: ({ state, params }) => jobJson(findJob(state, String(params['id'])), nowSec()),
  },
  {
    method: 'PUT',
    path: '/cluster/backup/{id}',
    params: { ...JOB_PARAMS, delete: { type: 'string', optional: true } },
    perm: () => ['/', 'Sys.Modify'],
    handler: ({ state, params }) => {
      const job = findJob(state, String(params['id']));
      const next: BackupJob = { ...job };
      for (const k of splitList(str(params['delete']) ?? '')) {
        if (k === 'all') delete next.all;
        else if ((FIELDS as readonly string[]).includes(k) && k !== 'schedule') delete next[k as (typeof FIELDS)[number]];
      }
      applyParams(next, params);
      checkSelection(next);
      Object.assign(job, next);
      for (const k of Object.keys(job) as (keyof BackupJob)[]) if (next[k] === undefined) delete job[k];
      return null;
    },
  },
  {
    method: 'DELETE',
    path: '/cluster/backup/{id}',
    perm: () => ['/', 'Sys.Modify'],
    handler: ({ state, params }) => {
      const jobs = backupJobsOf(state);
      const job = findJob(state, String(params['id']));
      jobs.splice(jobs.indexOf(job), 1);
      return null;
    },
  },
  {
    method: 'GET',
    path: '/cluster/backup-info/not-backed-up',
    perm: () => ['/', 'Sys.Audit'],
    handler: ({ state }) => {
      const guests = membersOf(state).flatMap((m) => [...m.guests.values()].filter((g) => !g.template));
      const vmids = guests.map((g) => g.vmid);
      const covered = new Set(backupJobsOf(state).flatMap((j) => [...selected(j, vmids)]));
      return guests
        .filter((g) => !covered.has(g.vmid))
        .sort((a, b) => a.vmid - b.vmid)
        .map((g) => ({ vmid: g.vmid, name: g.name, type: g.type }));
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/vzdump/extractconfig',
    params: { volume: { type: 'string' } },
    handler: ({ state, params, identity }) => {
      const b = findBackup(state, String(params['volume']));
      requirePriv(identity.privs, `/vms/${b.vmid}`, 'VM.Backup');
      requirePriv(identity.privs, `/storage/${b.storage.spec.id}`, 'Datastore.AllocateSpace');
      return configText(state, {
        ...b.config,
        vmid: b.vmid,
        uuid: `${b.vmid.toString(16).padStart(8, '0')}-0000-4000-8000-${b.ctime.toString(16).padStart(12, '0')}`,
      });
    },
  },
];
