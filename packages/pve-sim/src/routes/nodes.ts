import { aptVersions } from '../apt-catalog';
import { guestResource } from '../guest-views';
import type { SimNode } from '../node-state';
import { clusterStatus, nodeListItem, nodeResource, nodeStatus, storageResource } from '../node-views';
import { str, type RouteDef } from '../router';
import { nodeRrd, TIMEFRAMES, type Timeframe } from '../rrd';
import { nowSec, startNodeTask } from './common';

const CF = { type: 'string', optional: true, enum: ['AVERAGE', 'MAX'] } as const;

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
  { method: 'GET', path: '/nodes', handler: ({ state }) => [nodeListItem(state, nowSec())] },
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
    handler: ({ state, params }) => {
      const now = nowSec();
      const type = str(params['type']);
      const out: Record<string, unknown>[] = [];
      if (!type || type === 'vm') for (const g of state.guests.values()) out.push(guestResource(state, g, now));
      if (!type || type === 'node') out.push(nodeResource(state, now));
      if (!type || type === 'storage') for (const s of state.storages.values()) out.push(storageResource(state, s));
      if (!type || type === 'sdn') {
        out.push({ id: `sdn/${state.name}/localnetwork`, type: 'sdn', sdn: 'localnetwork', node: state.name, status: 'ok' });
      }
      return out;
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/rrddata',
    perm: (p) => [`/nodes/${str(p['node'])}`, 'Sys.Audit'],
    params: { timeframe: { type: 'string', enum: TIMEFRAMES }, cf: CF },
    handler: ({ state, params }) =>
      nodeRrd(state, str(params['timeframe']) as Timeframe, str(params['cf']) === 'MAX' ? 'MAX' : 'AVERAGE', nowSec()),
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
