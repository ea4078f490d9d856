import { gcStatusJson, keyFingerprint, snapshotFiles, type PbsDatastoreState, type SimPbs } from './pbs-state';
import { ApiError, num, WithTotal, type RouteDef } from './router';
import { splitAuthid } from './routes/common';
import type { SimTask } from './types';

export function store(pbs: SimPbs, name: unknown): PbsDatastoreState {
  const ds = pbs.datastores.get(String(name));
  if (!ds) throw new ApiError(400, `datastore '${String(name)}' does not exist`);
  return ds;
}

export function pbsTaskItem(t: SimTask): Record<string, unknown> {
  const out: Record<string, unknown> = {
    upid: t.upid,
    node: t.node,
    pid: t.pid,
    pstart: t.pstart,
    starttime: t.starttime,
    worker_type: t.type,
    worker_id: t.id,
    user: t.user,
  };
  if (t.status === 'stopped') {
    out['endtime'] = t.endtime;
    out['status'] = t.exitstatus;
  }
  return out;
}

function pbsTaskStatus(t: SimTask): Record<string, unknown> {
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
  out['status'] = t.status;
  if (t.status === 'stopped') out['exitstatus'] = t.exitstatus;
  return out;
}

function snapshotItem(s: PbsDatastoreState['snapshots'][number]): Record<string, unknown> {
  const files = snapshotFiles(s);
  const out: Record<string, unknown> = {
    'backup-type': s.type,
    'backup-id': s.id,
    'backup-time': s.time,
    files,
    size: files.reduce((sum, f) => sum + (f.size ?? 0), 0),
    owner: s.owner ?? 'root@pam',
    protected: s.protected ?? false,
  };
  if (s.comment) out['comment'] = s.comment;
  if (s.verification) out['verification'] = { state: s.verification, upid: s.verificationUpid ?? '' };
  if (s.encrypted) out['fingerprint'] = keyFingerprint(s.id);
  return out;
}

function usage(ds: PbsDatastoreState, now: number): Record<string, unknown> {
  if (ds.spec.maintenance) {
    const type = /type=([\w-]+)/.exec(ds.spec.maintenance)?.[1] ?? 'offline';
    return { store: ds.spec.name, error: `datastore '${ds.spec.name}' is in ${type} maintenance mode` };
  }
  const delta = 86_400;
  const start = Math.floor(now / delta) * delta - 29 * delta;
  const frac = ds.usedBytes / ds.spec.totalBytes;
  const growth = 0.0015;
  const history = Array.from({ length: 30 }, (_, i) => Math.round(Math.max(0, frac - growth * (29 - i)) * 10_000) / 10_000);
  return {
    store: ds.spec.name,
    total: ds.spec.totalBytes,
    used: ds.usedBytes,
    avail: ds.spec.totalBytes - ds.usedBytes,
    history,
    'history-start': start,
    'history-delta': delta,
    'estimated-full-date': Math.round(now + ((1 - frac) / growth) * delta),
    'gc-status': gcStatusJson(ds),
  };
}

/** PBS endpoints (proxmox-backup src/api2): paths below /api2/json. */
export const pbsRoutes: RouteDef<SimPbs>[] = [
  {
    method: 'GET',
    path: '/version',
    handler: ({ state }) => ({
      version: state.spec.version,
      release: state.spec.release,
      repoid: 'c6a2d4c59fe5f4b9a8a2b1a3c1c06e1b4f8e7a5d',
    }),
  },
  {
    method: 'GET',
    path: '/admin/datastore',
    handler: ({ state }) =>
      [...state.datastores.values()].map((d) => ({
        store: d.spec.name,
        comment: d.spec.comment ?? null,
        ...(d.spec.maintenance ? { maintenance: d.spec.maintenance } : {}),
      })),
  },
  {
    method: 'GET',
    path: '/admin/datastore/{store}/groups',
    params: { ns: { type: 'string', optional: true } },
    handler: ({ state, params }) => {
      const groups = new Map<string, PbsDatastoreState['snapshots']>();
      for (const s of store(state, params['store']).snapshots) {
        const key = `${s.type}/${s.id}`;
        groups.set(key, [...(groups.get(key) ?? []), s]);
      }
      return [...groups.values()].map((snaps) => {
        const last = snaps.reduce((a, b) => (b.time > a.time ? b : a));
        const out: Record<string, unknown> = {
          'backup-type': last.type,
          'backup-id': last.id,
          'last-backup': last.time,
          'backup-count': snaps.length,
          files: snapshotFiles(last).map((f) => f.filename),
          owner: last.owner ?? 'root@pam',
        };
        if (last.comment) out['comment'] = last.comment;
        return out;
      });
    },
  },
  {
    method: 'GET',
    path: '/admin/datastore/{store}/snapshots',
    params: {
      ns: { type: 'string', optional: true },
      'backup-type': { type: 'string', optional: true, enum: ['vm', 'ct', 'host'] },
      'backup-id': { type: 'string', optional: true },
    },
    handler: ({ state, params }) =>
      store(state, params['store'])
        .snapshots.filter(
          (s) =>
            (!params['backup-type'] || s.type === params['backup-type']) &&
            (!params['backup-id'] || s.id === params['backup-id']),
        )
        .map(snapshotItem),
  },
  {
    method: 'GET',
    path: '/status/datastore-usage',
    handler: ({ state }) => [...state.datastores.values()].map((d) => usage(d, Math.floor(Date.now() / 1000))),
  },
  {
    method: 'GET',
    path: '/nodes/{pbsnode}/tasks',
    params: {
      start: { type: 'integer', optional: true, min: 0 },
      limit: { type: 'integer', optional: true, min: 0 },
      store: { type: 'string', optional: true },
      running: { type: 'boolean', optional: true },
      errors: { type: 'boolean', optional: true },
      userfilter: { type: 'string', optional: true },
      since: { type: 'integer', optional: true },
      until: { type: 'integer', optional: true },
      typefilter: { type: 'string', optional: true },
      statusfilter: { type: 'string', optional: true },
    },
    handler: ({ state, params }) => {
      const list = [...state.runner.tasks]
        .filter((t) => params['running'] !== true || t.status === 'running')
        .filter((t) => params['errors'] !== true || (t.status === 'stopped' && t.exitstatus !== 'OK'))
        .filter((t) => !params['store'] || t.id.split(':')[0] === params['store'])
        .filter((t) => !params['typefilter'] || t.type === params['typefilter'])
        .filter((t) => !params['userfilter'] || t.user.includes(String(params['userfilter'])))
        .filter((t) => params['since'] === undefined || t.starttime >= Number(params['since']))
        .filter((t) => params['until'] === undefined || t.starttime <= Number(params['until']))
        .sort((a, b) => b.starttime - a.starttime);
      const start = num(params['start']) ?? 0;
      const limit = num(params['limit']) ?? 50;
      return new WithTotal(list.slice(start, start + limit).map(pbsTaskItem), list.length);
    },
  },
  {
    method: 'GET',
    path: '/nodes/{pbsnode}/tasks/{upid}/status',
    handler: ({ state, params }) => {
      const t = state.runner.find(String(params['upid']));
      if (!t) throw new ApiError(400, `parameter verification failed - 'upid': no such task`);
      return pbsTaskStatus(t);
    },
  },
];
