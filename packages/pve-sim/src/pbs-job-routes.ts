import { pbsTime } from './backup-volumes';
import { gcJobStatus, gcStatus, lastRun, runPrune, runVerify, schedule, startGc } from './pbs-jobs';
import { parseKeep, type KeepOptions } from './prune';
import { pruneJobId, verifyJobId, type PbsDatastoreState, type SimPbs } from './pbs-state';
import { store } from './pbs-routes';
import { ApiError, num, str, WithTotal, type RouteDef } from './router';
import type { ParamSchema, ParamValue } from './params';

/** The PBS job, GC, verify, prune and task-log paths (the workers are in pbs-jobs.ts). */

const KEEP_PARAMS: ParamSchema = Object.fromEntries(
  ['keep-last', 'keep-hourly', 'keep-daily', 'keep-weekly', 'keep-monthly', 'keep-yearly'].map((k) => [
    k,
    { type: 'integer', optional: true, min: 1 },
  ]),
);

function keepOf(p: Record<string, ParamValue>): KeepOptions {
  return (
    parseKeep(
      Object.keys(KEEP_PARAMS)
        .filter((k) => p[k] !== undefined)
        .map((k) => `${k}=${String(p[k])}`)
        .join(','),
    ) ?? {}
  );
}

function verifyJob(ds: PbsDatastoreState): Record<string, unknown> {
  return {
    id: verifyJobId(ds.spec.name),
    store: ds.spec.name,
    schedule: 'daily',
    'ignore-verified': true,
    'outdated-after': 30,
    comment: 'nightly verify',
  };
}

function pruneJob(ds: PbsDatastoreState): Record<string, unknown> {
  return { id: ds.pruneJob.id, store: ds.spec.name, schedule: ds.pruneJob.schedule, ...ds.pruneJob.keep };
}

function findJob(pbs: SimPbs, id: string, idOf: (ds: PbsDatastoreState) => string): PbsDatastoreState {
  const ds = [...pbs.datastores.values()].find((d) => idOf(d) === id);
  if (!ds) throw new ApiError(400, `job '${id}' does not exist.`);
  return ds;
}

const stores = (pbs: SimPbs, p: Record<string, ParamValue>): PbsDatastoreState[] =>
  [...pbs.datastores.values()].filter((d) => !p['store'] || d.spec.name === p['store']);

export const pbsJobRoutes: RouteDef<SimPbs>[] = [
  {
    method: 'GET',
    path: '/admin/datastore/{store}/gc',
    handler: ({ state, params }) => gcStatus(state, store(state, params['store'])),
  },
  {
    method: 'POST',
    path: '/admin/datastore/{store}/gc',
    handler: ({ state, params, identity }) => startGc(state, store(state, params['store']), identity.authid),
  },
  {
    method: 'GET',
    path: '/admin/gc',
    params: { store: { type: 'string', optional: true } },
    handler: ({ state, params }) => {
      if (!gcJobStatus(state)) throw new ApiError(404, "Path '/api2/json/admin/gc' not found.");
      return stores(state, params).map((d) => gcStatus(state, d));
    },
  },
  { method: 'GET', path: '/config/verify', handler: ({ state }) => [...state.datastores.values()].map(verifyJob) },
  {
    method: 'GET',
    path: '/admin/verify',
    params: { store: { type: 'string', optional: true } },
    handler: ({ state, params }) =>
      stores(state, params).map((d) => ({
        ...verifyJob(d),
        ...schedule(lastRun(state, 'verificationjob', `${d.spec.name}:${verifyJobId(d.spec.name)}`), 'daily'),
      })),
  },
  {
    method: 'POST',
    path: '/admin/verify/{id}/run',
    handler: ({ state, params, identity }) => {
      const id = String(params['id']);
      const ds = findJob(state, id, (d) => verifyJobId(d.spec.name));
      return runVerify(state, ds, 'verificationjob', `${ds.spec.name}:${id}`, identity.authid, ds.snapshots);
    },
  },
  {
    method: 'POST',
    path: '/admin/datastore/{store}/verify',
    params: {
      'ignore-verified': { type: 'boolean', optional: true },
      'outdated-after': { type: 'integer', optional: true, min: 1 },
      'backup-type': { type: 'string', optional: true, enum: ['vm', 'ct', 'host'] },
      'backup-id': { type: 'string', optional: true },
      'backup-time': { type: 'integer', optional: true, min: 0 },
      ns: { type: 'string', optional: true },
      'max-depth': { type: 'integer', optional: true, min: 0 },
    },
    handler: ({ state, params, identity }) => {
      const ds = store(state, params['store']);
      const type = str(params['backup-type']);
      const id = str(params['backup-id']);
      const time = num(params['backup-time']);
      if ((type === undefined) !== (id === undefined) || (time !== undefined && id === undefined)) {
        throw new ApiError(400, 'parameters do not specify a backup group or snapshot');
      }
      const pick = ds.snapshots.filter(
        (s) => (!type || s.type === type) && (!id || s.id === id) && (time === undefined || s.time === time),
      );
      if (time !== undefined && pick.length === 0) throw new ApiError(400, `no such snapshot ${type}/${id}/${pbsTime(time)}`);
      const worker = time !== undefined ? 'verify_snapshot' : id !== undefined ? 'verify_group' : 'verify';
      const workerId =
        time !== undefined
          ? `${ds.spec.name}:/${type}/${id}/${time.toString(16).toUpperCase().padStart(8, '0')}`
          : id !== undefined
            ? `${ds.spec.name}:/${type}/${id}`
            : ds.spec.name;
      return runVerify(state, ds, worker, workerId, identity.authid, pick);
    },
  },
  { method: 'GET', path: '/config/prune', handler: ({ state }) => [...state.datastores.values()].map(pruneJob) },
  {
    method: 'GET',
    path: '/admin/prune',
    params: { store: { type: 'string', optional: true } },
    handler: ({ state, params }) =>
      stores(state, params).map((d) => ({
        ...pruneJob(d),
        ...schedule(lastRun(state, 'prunejob', d.spec.name), d.pruneJob.schedule),
      })),
  },
  {
    method: 'POST',
    path: '/admin/prune/{id}/run',
    handler: ({ state, params, identity }) => {
      const id = String(params['id']);
      const ds = findJob(state, id, (d) => pruneJobId(d.spec.name));
      return runPrune(state, ds, 'prunejob', identity.authid, ds.pruneJob.keep, false, id);
    },
  },
  {
    method: 'POST',
    path: '/admin/datastore/{store}/prune-datastore',
    params: {
      ...KEEP_PARAMS,
      'dry-run': { type: 'boolean', optional: true },
      ns: { type: 'string', optional: true },
      'max-depth': { type: 'integer', optional: true, min: 0 },
    },
    handler: ({ state, params, identity }) =>
      runPrune(state, store(state, params['store']), 'prune', identity.authid, keepOf(params), params['dry-run'] === true),
  },
  { method: 'GET', path: '/admin/sync', params: { store: { type: 'string', optional: true } }, handler: () => [] },
  {
    method: 'GET',
    path: '/nodes/{pbsnode}/tasks/{upid}/log',
    params: {
      start: { type: 'integer', optional: true, min: 0 },
      limit: { type: 'integer', optional: true, min: 0 },
      'test-status': { type: 'boolean', optional: true },
      download: { type: 'boolean', optional: true },
    },
    handler: ({ state, params }) => {
      const t = state.runner.find(String(params['upid']));
      if (!t) throw new ApiError(400, "parameter verification failed - 'upid': no such task");
      const start = num(params['start']) ?? 0;
      const limit = num(params['limit']) ?? 50;
      return new WithTotal(
        t.log.slice(start, start + limit).map((text, i) => ({ n: start + i + 1, t: text })),
        t.log.length,
      );
    },
  },
];
