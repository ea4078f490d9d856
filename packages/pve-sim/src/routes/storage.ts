import { requirePriv, type Identity } from '../auth';
import { guestDiskUsed } from '../metrics';
import type { SimNode, StorageState } from '../node-state';
import { storageListItem } from '../node-views';
import { keyFingerprint } from '../pbs-state';
import { splitList, type ParamValue } from '../params';
import { ApiError, num, str, type RouteDef } from '../router';
import type { BackupSpec, SimGuest } from '../types';
import { guestKind, nowSec, startNodeTask } from './common';

function findStorage(node: SimNode, id: string): StorageState {
  const s = node.storages.get(id);
  if (!s) throw new ApiError(500, `storage '${id}' does not exist`);
  return s;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** vzdump-qemu-100-2024_06_30-23_00_02 (node-local time; the simulator uses UTC). */
function dumpName(b: BackupSpec): string {
  const d = new Date(b.ctime * 1000);
  const stamp = `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}-${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;
  return `vzdump-${b.subtype}-${b.vmid}-${stamp}`;
}

function backupItem(storage: string, b: BackupSpec): Record<string, unknown> {
  const format = b.format ?? (b.subtype === 'qemu' ? 'vma.zst' : 'tar.zst');
  const out: Record<string, unknown> = {
    volid: `${storage}:backup/${dumpName(b)}.${format}`,
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
    const iso = new Date(snap.time * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const item: Record<string, unknown> = {
      volid: `${s.spec.id}:backup/${snap.type}/${snap.id}/${iso}`,
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
    const first = [...node.storages.values()].find((x) => x.spec.content.includes('images'));
    if (first === s) {
      for (const g of node.guests.values()) {
        const lxc = g.type === 'lxc';
        out.push({
          volid: `${s.spec.id}:${lxc ? 'subvol' : 'vm'}-${g.vmid}-disk-0`,
          content: lxc ? 'rootdir' : 'images',
          format: lxc ? 'subvol' : 'raw',
          size: g.diskBytes,
          used: lxc ? guestDiskUsed(g) : g.diskBytes,
          ctime: g.createdAt,
          vmid: g.vmid,
        });
      }
    }
  }
  if (has('backup')) for (const b of s.backups) out.push(backupItem(s.spec.id, b));
  return out;
}

function renderNotes(template: string, g: SimGuest, node: SimNode): string {
  return template
    .replace(/\{\{guestname\}\}/g, g.name)
    .replace(/\{\{vmid\}\}/g, String(g.vmid))
    .replace(/\{\{node\}\}/g, node.name)
    .replace(/\{\{cluster\}\}/g, '');
}

function vzdump(node: SimNode, p: Record<string, ParamValue>, identity: Identity): string {
  const storageId = str(p['storage']) ?? 'local';
  const storage = findStorage(node, storageId);
  if (!storage.spec.content.split(',').includes('backup'))
    throw new ApiError(500, `storage '${storageId}' does not support backups`);
  if (p['all'] === true && p['vmid'] !== undefined)
    throw new ApiError(400, 'Parameter verification failed.', { errors: { all: "option conflicts with option 'vmid'" } });
  let guests: SimGuest[];
  if (p['all'] === true) {
    const exclude = new Set(splitList(String(p['exclude'] ?? '')).map(Number));
    guests = [...node.guests.values()].filter((g) => !g.template && !exclude.has(g.vmid));
  } else if (p['vmid'] !== undefined) {
    const ids = splitList(String(p['vmid'])).map(Number);
    const missing = ids.filter((id) => !node.guests.has(id));
    if (missing.length > 0)
      throw new ApiError(500, `unable to find configuration file for VM ${missing.join(', ')} on node '${node.name}'`);
    guests = ids.map((id) => node.guest(id));
  } else {
    throw new ApiError(400, 'Parameter verification failed.', { errors: { vmid: 'property is missing and it is not optional' } });
  }
  for (const g of guests) requirePriv(identity.privs, `/vms/${g.vmid}`, 'VM.Backup');
  requirePriv(identity.privs, `/storage/${storageId}`, 'Datastore.AllocateSpace');
  const mode = str(p['mode']) ?? 'snapshot';
  const compress = str(p['compress']) ?? 'zstd';
  const lockedBefore = new Map(guests.map((g) => [g.vmid, g.lock]));
  for (const g of guests) g.lock ??= 'backup';
  const log = [
    `INFO: starting new backup job: vzdump ${guests.map((g) => g.vmid).join(' ')} --storage ${storageId} --mode ${mode} --compress ${compress}`,
  ];
  return startNodeTask(node, 'vzdump', guests.length === 1 ? String(guests[0]?.vmid) : '', identity, {
    log,
    durationMs: node.taskDurationMs * Math.min(Math.max(guests.length, 1), 4),
    run: () => {
      const lines: string[] = [];
      const failed: number[] = [];
      for (const g of guests) {
        const prior = lockedBefore.get(g.vmid);
        lines.push(`INFO: Starting Backup of VM ${g.vmid} (${g.type})`);
        if (prior) {
          lines.push(`ERROR: Backup of VM ${g.vmid} failed - ${guestKind(g)} is locked (${prior})`);
          failed.push(g.vmid);
          continue;
        }
        if (g.lock === 'backup') delete g.lock;
        storeBackup(node, storage, g, p, identity);
        lines.push(`INFO: Finished Backup of VM ${g.vmid} (00:00:0${1 + (g.vmid % 9)})`);
      }
      lines.push(failed.length > 0 ? 'INFO: Backup job finished with errors' : 'INFO: Backup job finished successfully');
      if (failed.length > 0) {
        const err = new Error('job errors');
        throw Object.assign(err, { lines });
      }
      return lines;
    },
  });
}

function storeBackup(node: SimNode, storage: StorageState, g: SimGuest, p: Record<string, ParamValue>, identity: Identity): void {
  const now = nowSec();
  const size = g.type === 'qemu' ? Math.round(g.diskBytes * 0.22) : Math.round(guestDiskUsed(g) * 0.45) + 1;
  const notes = p['notes-template'] !== undefined ? renderNotes(String(p['notes-template']), g, node) : g.name;
  const ds = storage.spec.type === 'pbs' && storage.spec.datastore ? node.pbs?.datastores.get(storage.spec.datastore) : undefined;
  if (ds && storage.spec.datastore) {
    node.pbs?.addBackup(storage.spec.datastore, {
      type: g.type === 'qemu' ? 'vm' : 'ct',
      id: String(g.vmid),
      time: now,
      size,
      owner: identity.authid,
      comment: notes,
      protected: p['protected'] === true,
    });
    return;
  }
  const compress = String(p['compress'] ?? 'zstd');
  const ext = { '0': '', '1': '.lzo', gzip: '.gz', lzo: '.lzo', zstd: '.zst' }[compress] ?? '.zst';
  storage.backups.push({
    vmid: g.vmid,
    subtype: g.type,
    ctime: now,
    size,
    format: `${g.type === 'qemu' ? 'vma' : 'tar'}${ext}`,
    notes,
    protected: p['protected'] === true,
  });
  storage.usedBytes += size;
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
    method: 'POST',
    path: '/nodes/{node}/vzdump',
    params: {
      vmid: { type: 'string', optional: true, format: 'pve-vmid-list' },
      all: { type: 'boolean', optional: true },
      exclude: { type: 'string', optional: true, format: 'pve-vmid-list' },
      storage: { type: 'string', optional: true, format: 'pve-storage-id' },
      mode: { type: 'string', optional: true, enum: ['snapshot', 'suspend', 'stop'] },
      compress: { type: 'string', optional: true, enum: ['0', '1', 'gzip', 'lzo', 'zstd'] },
      'notes-template': { type: 'string', optional: true },
      protected: { type: 'boolean', optional: true },
      remove: { type: 'boolean', optional: true },
      'prune-backups': { type: 'string', optional: true },
      mailto: { type: 'string', optional: true },
      mailnotification: { type: 'string', optional: true, enum: ['always', 'failure'] },
      'notification-mode': { type: 'string', optional: true, enum: ['auto', 'legacy-sendmail', 'notification-system'] },
      bwlimit: { type: 'integer', optional: true, min: 0 },
      zstd: { type: 'integer', optional: true, min: 0 },
      ionice: { type: 'integer', optional: true, min: 0, max: 8 },
      stdexcludes: { type: 'boolean', optional: true },
      lockwait: { type: 'integer', optional: true, min: 0 },
      stopwait: { type: 'integer', optional: true, min: 0 },
      pool: { type: 'string', optional: true },
      fleecing: { type: 'string', optional: true },
      'pbs-change-detection-mode': { type: 'string', optional: true, enum: ['legacy', 'data', 'metadata'] },
    },
    handler: ({ state, params, identity }) => vzdump(state, params, identity),
  },
];
