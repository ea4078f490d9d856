import { hasPriv, requirePriv, type Identity } from '../auth';
import type { SimNode } from '../node-state';
import { ApiError, num, str, WithTotal, type RouteDef } from '../router';
import type { TaskInterruption } from '../tasks';
import type { SimTask } from '../types';
import { splitAuthid } from './common';

const UPID_RE =
  /^UPID:([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?):([0-9A-Fa-f]{8}):([0-9A-Fa-f]{8,9}):([0-9A-Fa-f]{8}):([^:\s/]+):([^:\s/]*):([^:\s/]+):$/;

function base(t: SimTask): Record<string, unknown> {
  const { user, tokenid } = splitAuthid(t.user);
  const out: Record<string, unknown> = {
    upid: t.upid,
    node: t.node,
    pid: t.pid,
    pstart: t.pstart,
    starttime: t.starttime,
    type: t.type,
    id: t.id,
    user,
  };
  if (tokenid) out['tokenid'] = tokenid;
  return out;
}

export function taskListItem(t: SimTask): Record<string, unknown> {
  const out = base(t);
  if (t.status === 'stopped') {
    out['endtime'] = t.endtime;
    out['status'] = t.exitstatus;
  } else {
    out['status'] = 'RUNNING';
  }
  return out;
}

export function taskStatus(t: SimTask): Record<string, unknown> {
  const out = base(t);
  out['status'] = t.status;
  if (t.status === 'stopped') out['exitstatus'] = t.exitstatus;
  return out;
}

function statusClass(t: SimTask): 'ok' | 'warning' | 'error' | 'unknown' {
  const s = t.exitstatus ?? '';
  if (s === 'OK') return 'ok';
  if (s.startsWith('WARNINGS')) return 'warning';
  if (s === 'unknown' || s === '') return 'unknown';
  return 'error';
}

function findTask(node: SimNode, upid: string): SimTask {
  if (!UPID_RE.test(upid))
    throw new ApiError(400, 'Parameter verification failed.', { errors: { upid: 'unable to parse worker upid' } });
  const t = node.runner.find(upid);
  if (!t) throw new ApiError(400, 'Parameter verification failed.', { errors: { upid: 'no such task' } });
  return t;
}

/**
 * Tasks.pm check_task_user: a token sees its own tasks, a user its own and its tokens' tasks; anyone
 * else needs Sys.Modify on the node to stop one.
 */
function ownsTask(identity: Identity, t: SimTask): boolean {
  return identity.authid === t.user || identity.authid === t.user.split('!')[0];
}

/** Workers that trap the signal themselves (qemu-server/pve-container clone and restore, vzdump) die with this. */
const TRAPPING = new Set(['qmclone', 'vzclone', 'qmrestore', 'vzrestore', 'vzdump']);

/**
 * How a stopped worker ends. fork_worker's handler dies `received interrupt`; workers that trap the signal
 * die `interrupted by signal`. vzdump logs the guest being backed up as failed and ends `job errors`;
 * snapshot_create cleans up (the half-made snapshot and its lock go away). Other locks (rollback,
 * snapshot-delete) stay, as on a real host, until `qm unlock`.
 */
function interruption(node: SimNode, t: SimTask, cleanup: string[]): TaskInterruption {
  const signal = TRAPPING.has(t.type) ? 'interrupted by signal' : 'received interrupt';
  const lines = [...cleanup];
  if (t.type === 'vzdump') {
    for (const vmid of backupsInProgress(t)) {
      const g = node.guests.get(vmid);
      if (g?.lock === 'backup') delete g.lock;
      lines.push(`ERROR: Backup of VM ${vmid} failed - ${signal}`);
    }
    lines.push('INFO: Backup job finished with errors');
    return { lines, error: 'job errors' };
  }
  const g = node.guests.get(Number(t.id));
  if ((t.type === 'qmsnapshot' || t.type === 'vzsnapshot') && g?.lock === 'snapshot') {
    lines.push('snapshot create failed: starting cleanup');
    g.snapshots = g.snapshots.filter((s) => s.snapstate !== 'prepare');
    delete g.lock;
  }
  return { lines, error: signal };
}

/** The guests a vzdump task started backing up and did not finish (or fail), from its log. */
function backupsInProgress(t: SimTask): number[] {
  const open = new Set<number>();
  for (const line of t.log) {
    const started = /^INFO: Starting Backup of VM (\d+)/.exec(line);
    const ended = /^(?:INFO: Finished Backup of VM|ERROR: Backup of VM) (\d+)/.exec(line);
    if (started) open.add(Number(started[1]));
    if (ended) open.delete(Number(ended[1]));
  }
  return [...open];
}

export const taskRoutes: RouteDef<SimNode>[] = [
  {
    method: 'GET',
    path: '/nodes/{node}/tasks',
    params: {
      start: { type: 'integer', optional: true, min: 0 },
      limit: { type: 'integer', optional: true, min: 0 },
      userfilter: { type: 'string', optional: true },
      typefilter: { type: 'string', optional: true },
      vmid: { type: 'integer', optional: true, min: 100 },
      errors: { type: 'boolean', optional: true },
      source: { type: 'string', optional: true, enum: ['archive', 'active', 'all'] },
      since: { type: 'integer', optional: true },
      until: { type: 'integer', optional: true },
      statusfilter: { type: 'string', optional: true },
    },
    handler: ({ state, params, identity }) => {
      const source = str(params['source']) ?? 'archive';
      const statuses = str(params['statusfilter'])?.split(',');
      const vmid = num(params['vmid']);
      const since = num(params['since']);
      const until = num(params['until']);
      const seeAll = hasPriv(identity.privs, 'Sys.Audit');
      const matching = state.tasks
        .filter((t) => (source === 'archive' ? t.status === 'stopped' : source === 'active' ? t.status === 'running' : true))
        .filter((t) => seeAll || t.user.split('!')[0] === identity.userid)
        .filter((t) => !params['userfilter'] || t.user.includes(String(params['userfilter'])))
        .filter((t) => !params['typefilter'] || t.type === params['typefilter'])
        .filter((t) => vmid === undefined || t.id === String(vmid))
        .filter((t) => params['errors'] !== true || (t.status === 'stopped' && t.exitstatus !== 'OK'))
        .filter((t) => since === undefined || t.starttime >= since)
        .filter((t) => until === undefined || t.starttime <= until)
        .filter((t) => !statuses || t.status === 'running' || statuses.includes(statusClass(t)))
        .sort((a, b) => b.starttime - a.starttime || b.pid - a.pid);
      const start = num(params['start']) ?? 0;
      const limit = num(params['limit']) ?? 50;
      return new WithTotal(matching.slice(start, start + limit).map(taskListItem), matching.length);
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/tasks/{upid}',
    handler: ({ state, params }) => {
      findTask(state, String(params['upid']));
      return [{ name: 'log' }, { name: 'status' }];
    },
  },
  {
    // Tasks.pm stop_task: 400 for a bad or unknown UPID, the privilege check, then check_worker($upid, 1),
    // which kills a running worker and does nothing for a finished one (200 and null either way).
    method: 'DELETE',
    path: '/nodes/{node}/tasks/{upid}',
    handler: ({ state, params, identity }) => {
      const t = findTask(state, String(params['upid']));
      if (!ownsTask(identity, t)) requirePriv(identity.privs, `/nodes/${state.name}`, 'Sys.Modify');
      state.runner.stop(t, (cleanup) => interruption(state, t, cleanup));
      return null;
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/tasks/{upid}/status',
    handler: ({ state, params }) => taskStatus(findTask(state, String(params['upid']))),
  },
  {
    method: 'GET',
    path: '/nodes/{node}/tasks/{upid}/log',
    params: {
      start: { type: 'integer', optional: true, min: 0 },
      limit: { type: 'integer', optional: true, min: 0 },
      download: { type: 'boolean', optional: true },
    },
    handler: ({ state, params }) => {
      const t = findTask(state, String(params['upid']));
      const start = num(params['start']) ?? 0;
      const limit = num(params['limit']) ?? 50;
      const lines = t.log.length === 0 && t.status === 'running' ? ['no content'] : t.log;
      return new WithTotal(
        lines.slice(start, start + limit).map((text, i) => ({ n: start + i + 1, t: text })),
        lines.length,
      );
    },
  },
];
