import { guestConfig, guestNets } from '../guest-config';
import { isLinkDown, parseNet } from '../net-config';
import { guestStatusCurrent, lxcListItem, qemuListItem } from '../guest-views';
import type { SimNode } from '../node-state';
import type { ParamSchema } from '../params';
import { num, str, type RouteDef } from '../router';
import { guestRrd, type Timeframe } from '../rrd';
import type { GuestType } from '../types';
import { applyAction, checkAction, prepareAction, type GuestAction } from './guest-actions';
import { findGuest, nowSec, startNodeTask, vmPerm } from './common';
import { lifecycleRoutes } from './guest-lifecycle';
import { migrateRoutes } from './migrate';
import { snapshotRoutes } from './snapshots';

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
      return startNodeTask(state, taskType, String(g.vmid), identity, {
        prepare: () => prepareAction(g, a, p),
        run: () => applyAction(state, g, a, p),
      });
    },
  }));
}

/** Guests' rrddata has no `decade` (only the node's has, on PVE 9). */
export const GUEST_TIMEFRAMES = ['hour', 'day', 'week', 'month', 'year'] as const;

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
        const dirs = ['config', 'rrd', 'rrddata', 'snapshot', 'status'];
        return (type === 'qemu' ? [...dirs, 'agent'] : dirs).map((subdir) => ({ subdir }));
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
        timeframe: { type: 'string', enum: GUEST_TIMEFRAMES },
        cf: { type: 'string', optional: true, enum: ['AVERAGE', 'MAX'] },
      },
      perm: vmPerm('VM.Audit'),
      handler: ({ state, params }) => {
        const g = findGuest(state, type, num(params['vmid']) ?? 0);
        const cf = str(params['cf']) === 'MAX' ? 'MAX' : 'AVERAGE';
        return guestRrd(state, g, str(params['timeframe']) as Timeframe, cf, nowSec());
      },
    },
    ...(type === 'lxc' ? [lxcInterfacesRoute] : []),
    ...snapshotRoutes(type),
    ...migrateRoutes(type),
    ...lifecycleRoutes(type),
    ...actionRoutes(type),
  ];
}

/**
 * pve-container API2/LXC.pm ip: the addresses of a running container's interfaces (null when it is stopped);
 * a NIC with link_down=1 has no carrier, hence no address.
 */
const lxcInterfacesRoute: RouteDef<SimNode> = {
  method: 'GET',
  path: '/nodes/{node}/lxc/{vmid}/interfaces',
  perm: vmPerm('VM.Audit'),
  handler: ({ state, params }) => {
    const g = findGuest(state, 'lxc', num(params['vmid']) ?? 0);
    if (g.status !== 'running') return null;
    const out: Record<string, string>[] = [{ name: 'lo', hwaddr: '00:00:00:00:00:00', inet: '127.0.0.1/8', inet6: '::1/128' }];
    Object.entries(guestNets(g)).forEach(([key, value], i) => {
      const net = parseNet('lxc', key, value);
      const hwaddr = (net['hwaddr'] ?? g.mac).toLowerCase();
      const item: Record<string, string> = { name: net['name'] ?? `eth${i}`, hwaddr };
      if (!isLinkDown(net)) {
        const m = hwaddr.split(':');
        item['inet'] = `192.168.${10 + (g.vmid % 20)}.${20 + ((g.vmid + i) % 230)}/24`;
        item['inet6'] = `fe80::be24:11ff:fe${m[3]}:${m[4]}${m[5]}/64`;
      }
      out.push(item);
    });
    return out;
  },
};

export const guestRoutes: RouteDef<SimNode>[] = [...perType('qemu'), ...perType('lxc')];
