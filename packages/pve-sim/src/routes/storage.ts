import { backupFormat, dirVolid, pbsVolid } from '../backup-volumes';
import { diskStorageOf, diskVolume } from '../guest-config';
import { guestDiskUsed } from '../metrics';
import type { SimNode, StorageState } from '../node-state';
import { storageListItem, storageUsage } from '../node-views';
import { keyFingerprint } from '../pbs-state';
import { ParamError } from '../params';
import { ApiError, num, str, type RouteDef } from '../router';
import { storageRrd, type Timeframe } from '../rrd';
import type { BackupSpec } from '../types';
import { nowSec } from './common';
import { GUEST_TIMEFRAMES } from './guests';

export function findStorage(node: SimNode, id: string): StorageState {
  const s = node.storages.get(id);
  if (!s) throw new ApiError(500, `storage '${id}' does not exist`);
  return s;
}

function backupItem(storage: string, b: BackupSpec): Record<string, unknown> {
  const format = backupFormat(b);
  const out: Record<string, unknown> = {
    volid: dirVolid(storage, b),
    content: 'backup',
    format,
    size: b.size,
    ctime: b.ctime,
    vmid: b.vmid,
    subtype: b.subtype,
  };
  if (b.notes) out['notes'] = b.notes.split('\n')[0];
  if (b.protected) out['protected'] = 1;
  return out;
}

/** PBSPlugin list_volumes: one volume per vm/ct snapshot of the datastore. */
function pbsItems(node: SimNode, s: StorageState): Record<string, unknown>[] {
  const ds = s.spec.datastore ? node.pbs?.datastores.get(s.spec.datastore) : undefined;
  if (!ds) return s.backups.map((b) => ({ ...backupItem(s.spec.id, b), format: b.subtype === 'qemu' ? 'pbs-vm' : 'pbs-ct' }));
  const out: Record<string, unknown>[] = [];
  for (const snap of ds.snapshots) {
    if (snap.type === 'host') continue;
    const item: Record<string, unknown> = {
      volid: pbsVolid(s.spec.id, snap),
      content: 'backup',
      format: snap.type === 'vm' ? 'pbs-vm' : 'pbs-ct',
      size: snap.size,
      ctime: snap.time,
      vmid: Number(snap.id),
      subtype: snap.type === 'vm' ? 'qemu' : 'lxc',
    };
    if (snap.comment) item['notes'] = snap.comment;
    if (snap.protected) item['protected'] = 1;
    if (snap.encrypted) item['encrypted'] = keyFingerprint(snap.id);
    if (snap.verification) item['verification'] = { state: snap.verification, upid: snap.verificationUpid ?? '' };
    out.push(item);
  }
  return out;
}

function contentItems(node: SimNode, s: StorageState): Record<string, unknown>[] {
  if (s.spec.type === 'pbs') return pbsItems(node, s);
  const out: Record<string, unknown>[] = [];
  const has = (c: string): boolean => s.spec.content.split(',').includes(c);
  const ctime = node.bootTime - 86_400 * 40;
  if (has('iso')) {
    out.push({
      volid: `${s.spec.id}:iso/debian-12.7.0-amd64-netinst.iso`,
      content: 'iso',
      format: 'iso',
      size: 661_651_456,
      ctime,
    });
  }
  if (has('vztmpl')) {
    out.push({
      volid: `${s.spec.id}:vztmpl/debian-12-standard_12.7-1_amd64.tar.zst`,
      content: 'vztmpl',
      format: 'tzst',
      size: 126_089_692,
      ctime,
    });
  }
  if (has('images') || has('rootdir')) {
    for (const g of node.guests.values()) {
      if (diskStorageOf(node, g) !== s.spec.id) continue;
      const lxc = g.type === 'lxc';
      const { volname, format } = diskVolume(s.spec.type, g.type, g.vmid);
      out.push({
        volid: `${s.spec.id}:${volname}`,
        content: lxc ? 'rootdir' : 'images',
        format,
        size: g.diskBytes,
        used: lxc ? guestDiskUsed(g) : g.diskBytes,
        ctime: g.createdAt,
        vmid: g.vmid,
      });
    }
  }
  if (has('backup')) for (const b of s.backups) out.push(backupItem(s.spec.id, b));
  return out;
}

export const storageRoutes: RouteDef<SimNode>[] = [
  {
    method: 'GET',
    path: '/nodes/{node}/storage',
    params: {
      content: { type: 'string', optional: true },
      enabled: { type: 'boolean', optional: true },
      storage: { type: 'string', optional: true, format: 'pve-storage-id' },
      format: { type: 'boolean', optional: true },
      target: { type: 'string', optional: true, format: 'pve-node' },
    },
    handler: ({ state, params }) => {
      const content = str(params['content']);
      return [...state.storages.values()]
        .filter((s) => !content || content.split(',').some((c) => s.spec.content.split(',').includes(c)))
        .filter((s) => params['enabled'] !== true || (s.spec.enabled ?? true))
        .filter((s) => !params['storage'] || s.spec.id === params['storage'])
        .map((s) => storageListItem(state, s));
    },
  },
  {
    method: 'GET',
    path: '/nodes/{node}/storage/{storage}/content',
    params: { content: { type: 'string', optional: true }, vmid: { type: 'integer', optional: true, min: 100 } },
    perm: (p) => [`/storage/${String(p['storage'])}`, 'Datastore.Audit'],
    handler: ({ state, params }) => {
      const s = findStorage(state, String(params['storage']));
      if (s.spec.active === false) throw new ApiError(500, `storage '${s.spec.id}' is not online`);
      const content = str(params['content']);
      const vmid = num(params['vmid']);
      return contentItems(state, s).filter(
        (i) => (!content || i['content'] === content) && (vmid === undefined || i['vmid'] === vmid),
      );
    },
  },
  {
    // pve-storage API2/Storage/Status.pm read_status: the storage's entry of storage_info (as the list has it).
    method: 'GET',
    path: '/nodes/{node}/storage/{storage}/status',
    perm: (p) => [`/storage/${String(p['storage'])}`, ['Datastore.Audit', 'Datastore.AllocateSpace']],
    handler: ({ state, params }) => {
      const s = state.storages.get(String(params['storage']));
      if (!s) throw new ParamError({ storage: 'No such storage.' });
      return storageListItem(state, s);
    },
  },
  {
    // pve-storage API2/Storage/Status.pm `rrddata`: the pve2-storage (PVE 9: pve-storage-9.0) RRD of the node.
    method: 'GET',
    path: '/nodes/{node}/storage/{storage}/rrddata',
    params: {
      timeframe: { type: 'string', enum: GUEST_TIMEFRAMES },
      cf: { type: 'string', optional: true, enum: ['AVERAGE', 'MAX'] },
    },
    perm: (p) => [`/storage/${String(p['storage'])}`, ['Datastore.Audit', 'Datastore.AllocateSpace']],
    handler: ({ state, params }) => {
      const s = findStorage(state, String(params['storage']));
      const usage = (s.spec.active ?? true) ? storageUsage(state, s) : undefined;
      const cf = str(params['cf']) === 'MAX' ? 'MAX' : 'AVERAGE';
      return storageRrd(state, s, usage, str(params['timeframe']) as Timeframe, cf, nowSec());
    },
  },
];
