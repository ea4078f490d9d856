import { aptVersions } from '../apt-catalog';
import { membersOf } from '../cluster';
import { guestResource } from '../guest-views';
import type { SimNode } from '../node-state';
import { clusterStatus, nodeListItem, nodeResource, nodeStatus, offlineNodeItem, storageResource } from '../node-views';
import { str, type RouteDef } from '../router';
import { nodeRrd, rrdV9, TIMEFRAMES, type Timeframe } from '../rrd';
import { ParamError } from '../params';
import { nowSec, startNodeTask } from './common';

const CF = { type: 'string', optional: true, enum: ['AVERAGE', 'MAX'] } as const;

/**
 * Cluster.pm `resources` over every member: guests, then nodes, storages (one entry per node) and SDN
 * zones. A member that is down has its node 'offline', its guests 'unknown' without figures (no fresh
 * RRD data) and its storages 'unknown'.
 */
function clusterResources(members: SimNode[], type: string | undefined, now: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const want = (t: string): boolean => !type || type === t;
  for (const m of want('vm') ? members : []) {
    for (const g of m.guests.values()) {
      out.push(
        m.online
          ? guestResource(m, g, now)
          : { id: `${g.type}/${g.vmid}`, vmid: g.vmid, node: m.name, type: g.type, status: 'unknown' },
      );
    }
  }
  for (const m of want('node') ? members : []) out.push(m.online ? nodeResource(m, now) : offlineNodeItem(m));
  for (const m of want('storage') ? members : []) for (const s of m.storages.values()) out.push(storageResource(m, s));
  for (const m of want('sdn') ? members : []) {
    if (m.online) out.push({ id: `sdn/${m.name}/localnetwork`, type: 'sdn', sdn: 'localnetwork', node: m.name, status: 'ok' });
  }
  return out;
}

/** /version, /nodes…, /cluster/…, node RRD and APT. */
export const nodeRoutes: RouteDef<SimNode>[] = [
  {
    method: 'GET',
    path: '/version',
    handler: ({ state }) => {
      const v = state.version;
      return { version: v.version, release: v.release, repoid: v.repoid };
    },
  },
  {
    method: 'GET',
    path: '/nodes',
    handler: ({ state }) => {
      const now = nowSec();
      return membersOf(state).map((m) =>
        m.online ? nodeListItem(m, now) : { ...offlineNodeItem(m), ssl_fingerprint: m.fingerprint },
      );
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}',
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Audit'],
    handler: () =>
      [
        'apt',
        'capabilities',
        'ceph',
        'certificates',
        'config',
        'disks',
        'dns',
        'firewall',
        'hardware',
        'hosts',
        'lxc',
        'network',
        'qemu',
        'replication',
        'rrd',
        'rrddata',
        'scan',
        'sdn',
        'services',
        'status',
        'storage',
        'subscription',
        'syslog',
        'tasks',
        'time',
        'version',
        'vzdump',
      ].map((name) => ({ name })),
  },
  {
    method: 'GET',
    path: '/nodes/{node}/status',
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Audit'],
    handler: ({ state }) => nodeStatus(state, nowSec()),
  },
  {
    method: 'GET',
    path: '/nodes/{node}/version',
    handler: ({ state }) => ({ version: state.version.version, release: state.version.release, repoid: state.version.repoid }),
  },
  { method: 'GET', path: '/cluster/status', perm: () => ['/', 'Sys.Audit'], handler: ({ state }) => clusterStatus(state) },
  {
    method: 'GET',
    path: '/cluster/resources',
    params: { type: { type: 'string', optional: true, enum: ['vm', 'storage', 'node', 'sdn'] } },
    handler: ({ state, params }) => clusterResources(membersOf(state), str(params['type']), nowSec()),
  },
  {
    method: 'GET',
    path: '/nodes/{node}/rrddata',
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Audit'],
    params: { timeframe: { type: 'string', enum: TIMEFRAMES }, cf: CF },
    handler: ({ state, params }) => {
      const timeframe = str(params['timeframe']) as Timeframe;
      // PVE 9 added `decade` (the 1-week RRA kept for 10 years); older nodes reject it like any unknown value.
      if (timeframe === 'decade' && !rrdV9(state)) {
        throw new ParamError({
          timeframe: "value 'decade' does not have a value in the enumeration 'hour, day, week, month, year'",
        });
      }
      return nodeRrd(state, timeframe, str(params['cf']) === 'MAX' ? 'MAX' : 'AVERAGE', nowSec());
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/apt/update',
    // Listing the pending updates needs Sys.Modify, like refreshing them (pve-manager PVE/API2/APT.pm
    // list_updates); an audit-only token gets 403 here and reads /apt/versions instead.
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Modify'],
    handler: ({ state }) => state.aptCache.map((p) => ({ ...p })),
  },
  {
    method: 'POST',
    path: '/nodes/{node}/apt/update',
    params: { notify: { type: 'boolean', optional: true }, quiet: { type: 'boolean', optional: true } },
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Modify'],
    handler: ({ state, params, identity }) =>
      startNodeTask(state, 'aptupdate', '', identity, {
        log: ['starting apt-get update', 'Hit:1 http://deb.debian.org/debian bookworm InRelease'],
        run: () => {
          // With notify=1 PVE mails about the new packages and records it per package.
          state.aptCache = state.aptAvailable.map((p) =>
            params['notify'] === true ? { ...p, NotifyStatus: p.Version } : { ...p },
          );
          return ['Reading package lists...'];
        },
      }),
  },
  {
    method: 'GET',
    path: '/nodes/{node}/apt/versions',
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Audit'],
    handler: ({ state }) => aptVersions(state.version, state.aptCache),
  },
];
