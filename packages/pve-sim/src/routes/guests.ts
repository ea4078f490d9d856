import type { Identity } from '../auth';
import { guestConfig, guestStatusCurrent, lxcListItem, qemuListItem } from '../guest-views';
import type { SimNode } from '../node-state';
import type { ParamSchema, ParamValue } from '../params';
import { ApiError, num, str, type RouteDef } from '../router';
import { guestRrd, TIMEFRAMES, type Timeframe } from '../rrd';
import type { GuestType, SimGuest } from '../types';
import { applyAction, checkAction, type GuestAction } from './guest-actions';
import { nowSec, startNodeTask } from './common';

export function findGuest(node: SimNode, type: GuestType, vmid: number): SimGuest {
  const g = node.guests.get(vmid);
  if (!g || g.type !== type) {
    const dir = type === 'qemu' ? 'qemu-server' : 'lxc';
    throw new ApiError(500, `Configuration file 'nodes/${node.name}/${dir}/${vmid}.conf' does not exist`);
  }
  return g;
}

const vmPerm =
  (priv: string) =>
  (p: Record<string, unknown>): [string, string] => [`/vms/${String(p['vmid'])}`, priv];

const ACTION_PARAMS: Record<GuestType, Partial<Record<GuestAction, ParamSchema>>> = {
  qemu: {
    start: {
      timeout: { type: 'integer', optional: true, min: 0 },
      skiplock: { type: 'boolean', optional: true },
      machine: { type: 'string', optional: true },
    },
    stop: {
      timeout: { type: 'integer', optional: true, min: 0 },
      keepActive: { type: 'boolean', optional: true },
      skiplock: { type: 'boolean', optional: true },
      'overrule-shutdown': { type: 'boolean', optional: true },
    },
    shutdown: {
      timeout: { type: 'integer', optional: true, min: 0 },
      forceStop: { type: 'boolean', optional: true },
      keepActive: { type: 'boolean', optional: true },
      skiplock: { type: 'boolean', optional: true },
    },
    reboot: { timeout: { type: 'integer', optional: true, min: 0 } },
    reset: { skiplock: { type: 'boolean', optional: true } },
    suspend: {
      todisk: { type: 'boolean', optional: true },
      statestorage: { type: 'string', optional: true },
      skiplock: { type: 'boolean', optional: true },
    },
    resume: { nocheck: { type: 'boolean', optional: true }, skiplock: { type: 'boolean', optional: true } },
  },
  lxc: {
    start: { skiplock: { type: 'boolean', optional: true }, debug: { type: 'boolean', optional: true } },
    stop: { skiplock: { type: 'boolean', optional: true }, 'overrule-shutdown': { type: 'boolean', optional: true } },
    shutdown: { timeout: { type: 'integer', optional: true, min: 0 }, forceStop: { type: 'boolean', optional: true } },
    reboot: { timeout: { type: 'integer', optional: true, min: 0 } },
    suspend: {},
    resume: {},
  },
};

function actionRoutes(type: GuestType): RouteDef<SimNode>[] {
  return Object.entries(ACTION_PARAMS[type]).map(([action, params]) => ({
    method: 'POST' as const,
    path: `/nodes/{node}/${type}/{vmid}/status/${action}`,
    params,
    perm: vmPerm('VM.PowerMgmt'),
    handler: ({ state, params: p, identity }) => {
      const g = findGuest(state, type, num(p['vmid']) ?? 0);
      const a = action as GuestAction;
      const taskType = checkAction(g, a, p);
      return startNodeTask(state, taskType, String(g.vmid), identity, { run: () => applyAction(state, g, a, p) });
    },
  }));
}

function snapshotCreate(node: SimNode, g: SimGuest, p: Record<string, ParamValue>, identity: Identity): string {
  const snapname = String(p['snapname']);
  if (snapname === 'current' || snapname === 'pending') {
    throw new ApiError(500, `unable to use snapshot name '${snapname}' (reserved name)`);
  }
  const guestKind = g.type === 'qemu' ? 'VM' : 'CT';
  return startNodeTask(node, g.type === 'qemu' ? 'qmsnapshot' : 'vzsnapshot', String(g.vmid), identity, {
    log: [`snapshotting '${snapname}'`],
    run: () => {
      if (g.lock) throw new Error(`${guestKind} is locked (${g.lock})`);
      if (g.snapshots.some((s) => s.name === snapname)) throw new Error(`snapshot name '${snapname}' already used`);
      const snap: SimGuest['snapshots'][number] = { name: snapname, snaptime: nowSec() };
      if (p['description'] !== undefined) snap.description = String(p['description']);
      if (g.type === 'qemu' && p['vmstate'] === true && g.status === 'running') snap.vmstate = true;
      g.snapshots.push(snap);
    },
  });
}

function snapshotList(g: SimGuest): Record<string, unknown>[] {
  const sorted = [...g.snapshots].sort((a, b) => a.snaptime - b.snaptime);
  const out: Record<string, unknown>[] = sorted.map((s, i) => {
    const item: Record<string, unknown> = { name: s.name, description: s.description ?? '', snaptime: s.snaptime };
    if (g.type === 'qemu') item['vmstate'] = s.vmstate ? 1 : 0;
    const parent = sorted[i - 1];
    if (parent) item['parent'] = parent.name;
    return item;
  });
  const current: Record<string, unknown> = { name: 'current', description: 'You are here!', digest: g.digest };
  if (g.type === 'qemu') current['running'] = g.status === 'running' ? 1 : 0;
  const last = sorted[sorted.length - 1];
  if (last) current['parent'] = last.name;
  out.push(current);
  return out;
}

function perType(type: GuestType): RouteDef<SimNode>[] {
  const base = `/nodes/{node}/${type}/{vmid}`;
  return [
    {
      method: 'GET',
      path: `/nodes/{node}/${type}`,
      params: type === 'qemu' ? { full: { type: 'boolean', optional: true } } : {},
      handler: ({ state }) => {
        const now = nowSec();
        const out: Record<string, unknown>[] = [];
        for (const g of state.guests.values()) {
          if (g.type === type) out.push(type === 'qemu' ? qemuListItem(state, g, now) : lxcListItem(state, g, now));
        }
        return out;
      },
    },
    {
      method: 'GET',
      path: base,
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => {
        findGuest(state, type, num(params['vmid']) ?? 0);
        return ['config', 'rrd', 'rrddata', 'snapshot', 'status'].map((subdir) => ({ subdir }));
      },
    },
    {
      method: 'GET',
      path: `${base}/status/current`,
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => guestStatusCurrent(state, findGuest(state, type, num(params['vmid']) ?? 0), nowSec()),
    },
    {
      method: 'GET',
      path: `${base}/config`,
      params: { current: { type: 'boolean', optional: true }, snapshot: { type: 'string', optional: true } },
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => guestConfig(state, findGuest(state, type, num(params['vmid']) ?? 0)),
    },
    {
      method: 'GET',
      path: `${base}/rrddata`,
      params: {
        timeframe: { type: 'string', enum: TIMEFRAMES },
        cf: { type: 'string', optional: true, enum: ['AVERAGE', 'MAX'] },
      },
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => {
        const g = findGuest(state, type, num(params['vmid']) ?? 0);
        return guestRrd(g, str(params['timeframe']) as Timeframe, str(params['cf']) === 'MAX' ? 'MAX' : 'AVERAGE', nowSec());
      },
    },
    {
      method: 'GET',
      path: `${base}/snapshot`,
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => snapshotList(findGuest(state, type, num(params['vmid']) ?? 0)),
    },
    {
      method: 'POST',
      path: `${base}/snapshot`,
      params: {
        snapname: { type: 'string', format: 'pve-snapshot-name' },
        description: { type: 'string', optional: true },
        ...(type === 'qemu' ? { vmstate: { type: 'boolean', optional: true } } : {}),
      },
      perm: vmPerm('VM.Snapshot'),
      handler: ({ state, params, identity }) =>
        snapshotCreate(state, findGuest(state, type, num(params['vmid']) ?? 0), params, identity),
    },
    ...actionRoutes(type),
  ];
}

export const guestRoutes: RouteDef<SimNode>[] = [...perType('qemu'), ...perType('lxc')];
