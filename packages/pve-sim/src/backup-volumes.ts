import { findClusterGuest } from './cluster';
import { diskStorageOf, guestNets } from './guest-config';
import type { SimNode, StorageState } from './node-state';
import type { PbsSnapshotState } from './pbs-state';
import { markPrune, type KeepOptions } from './prune';
import type { BackupGuestConfig, BackupVolumeState } from './restore-types';
import { ApiError } from './router';
import type { BackupSpec, GuestType, SimGuest } from './types';

/**
 * Backup volumes and their ids: directory storages (`local:backup/vzdump-qemu-100-2024_06_30-23_00_02.vma.zst`,
 * node-local time; the simulator's nodes run on UTC) and PBS storages (`pbs:backup/vm/100/2024-06-30T21:00:02Z`).
 */

const pad = (n: number): string => String(n).padStart(2, '0');
const GiB = 1024 ** 3;

/** vzdump-qemu-100-2024_06_30-23_00_02 */
export function dumpName(b: Pick<BackupSpec, 'subtype' | 'vmid' | 'ctime'>): string {
  const d = new Date(b.ctime * 1000);
  const stamp = `${d.getUTCFullYear()}_${pad(d.getUTCMonth() + 1)}_${pad(d.getUTCDate())}-${pad(d.getUTCHours())}_${pad(d.getUTCMinutes())}_${pad(d.getUTCSeconds())}`;
  return `vzdump-${b.subtype}-${b.vmid}-${stamp}`;
}

export const backupFormat = (b: Pick<BackupSpec, 'format' | 'subtype'>): string =>
  b.format ?? (b.subtype === 'qemu' ? 'vma.zst' : 'tar.zst');

export const dirVolid = (storage: string, b: BackupSpec): string => `${storage}:backup/${dumpName(b)}.${backupFormat(b)}`;

/** 2024-06-30T21:00:02Z */
export const pbsTime = (sec: number): string => new Date(sec * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const pbsVolid = (storage: string, s: Pick<PbsSnapshotState, 'type' | 'id' | 'time'>): string =>
  `${storage}:backup/${s.type}/${s.id}/${pbsTime(s.time)}`;

/** A backup found by its volid, with the settings a restore brings back. */
export interface ResolvedBackup {
  volid: string;
  storage: StorageState;
  vmid: number;
  subtype: GuestType;
  ctime: number;
  size: number;
  format: string;
  config: BackupGuestConfig;
}

/** The settings of a live guest, as vzdump stores them in the archive. */
export function captureConfig(node: SimNode, g: SimGuest): BackupGuestConfig {
  return {
    type: g.type,
    name: g.name,
    ostype: g.ostype,
    cores: g.cores,
    memoryBytes: g.memoryBytes,
    diskBytes: g.diskBytes,
    swapBytes: g.swapBytes,
    agent: g.agent,
    tags: [...g.tags],
    diskStorage: diskStorageOf(node, g),
    nets: { ...guestNets(g) },
  };
}

/**
 * The settings of a backup that recorded none (fleet-spec backups): those of the guest with that vmid in the
 * node's cluster when there is one of that type, else a plain guest of that type.
 */
function derivedConfig(node: SimNode, vmid: number, subtype: GuestType): BackupGuestConfig {
  const found = findClusterGuest(node, vmid);
  if (found && found.guest.type === subtype) return captureConfig(found.node, found.guest);
  const lxc = subtype === 'lxc';
  const mac = `BC:24:11:${[vmid >> 16, vmid >> 8, vmid].map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, '0')).join(':')}`;
  return {
    type: subtype,
    name: lxc ? `ct${vmid}` : `vm${vmid}`,
    ostype: lxc ? 'debian' : 'l26',
    cores: lxc ? 1 : 2,
    memoryBytes: lxc ? 512 * 1024 ** 2 : 2 * GiB,
    diskBytes: lxc ? 8 * GiB : 32 * GiB,
    swapBytes: lxc ? 512 * 1024 ** 2 : 0,
    agent: !lxc,
    tags: [],
    diskStorage: diskStorageOf(node, {}),
    nets: guestNets({ type: subtype, mac }),
  };
}

/** Looks a backup volid up on the node (500 like pve-storage when the storage or the volume is unknown). */
export function findBackup(node: SimNode, volid: string): ResolvedBackup {
  const m = /^([a-z][a-z0-9\-_.]*[a-z0-9]):backup\/(.+)$/i.exec(volid);
  if (!m) throw new ApiError(500, `unable to parse volume ID '${volid}'`);
  const [, storageId = '', name = ''] = m;
  const storage = node.storages.get(storageId);
  if (!storage) throw new ApiError(500, `storage '${storageId}' does not exist`);
  const missing = new ApiError(500, `volume '${volid}' does not exist`);
  if (storage.spec.type === 'pbs') {
    const snap = findPbsSnapshot(node, storage, name);
    if (!snap) throw missing;
    const subtype: GuestType = snap.type === 'vm' ? 'qemu' : 'lxc';
    const vmid = Number(snap.id);
    return {
      volid,
      storage,
      vmid,
      subtype,
      ctime: snap.time,
      size: snap.size,
      format: snap.type === 'vm' ? 'pbs-vm' : 'pbs-ct',
      config: snap.config ?? derivedConfig(node, vmid, subtype),
    };
  }
  const vol = storage.backups.find((b) => `${dumpName(b)}.${backupFormat(b)}` === name);
  if (!vol) throw missing;
  return {
    volid,
    storage,
    vmid: vol.vmid,
    subtype: vol.subtype,
    ctime: vol.ctime,
    size: vol.size,
    format: backupFormat(vol),
    config: vol.config ?? derivedConfig(node, vol.vmid, vol.subtype),
  };
}

function findPbsSnapshot(node: SimNode, storage: StorageState, name: string): PbsSnapshotState | undefined {
  const m = /^(vm|ct)\/([^/]+)\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/.exec(name);
  const ds = storage.spec.datastore ? node.pbs?.datastores.get(storage.spec.datastore) : undefined;
  if (!m || !ds) return undefined;
  const time = Date.parse(m[3] ?? '') / 1000;
  return ds.snapshots.find((s) => s.type === m[1] && s.id === m[2] && s.time === time);
}

/** Removes a directory storage's backup volume (frees its bytes). */
export function removeDirBackup(storage: StorageState, vol: BackupVolumeState): void {
  storage.backups = storage.backups.filter((b) => b !== vol);
  storage.usedBytes = Math.max(0, storage.usedBytes - vol.size);
}

/**
 * Applies retention to one guest's backups on a storage (vzdump `prune-backups`, pvesm prune-backups): the
 * directory's volumes or the PBS group's snapshots that are not kept go away. Answers the removed volids.
 */
export function pruneBackups(
  node: SimNode,
  storage: StorageState,
  vmid: number,
  subtype: GuestType,
  keep: KeepOptions,
): string[] {
  if (storage.spec.type === 'pbs') {
    const ds = storage.spec.datastore ? node.pbs?.datastores.get(storage.spec.datastore) : undefined;
    if (!ds || !node.pbs) return [];
    const type = subtype === 'qemu' ? 'vm' : 'ct';
    const group = ds.snapshots.filter((s) => s.type === type && s.id === String(vmid));
    const marks = markPrune(group, keep);
    const gone = group.filter((s) => marks.get(s) === 'remove');
    node.pbs.removeSnapshots(ds, gone);
    return gone.map((s) => pbsVolid(storage.spec.id, s));
  }
  const group = storage.backups
    .filter((b) => b.vmid === vmid && b.subtype === subtype)
    .map((b) => ({ b, time: b.ctime, protected: b.protected ?? false }));
  const marks = markPrune(group, keep);
  const gone = group.filter((x) => marks.get(x) === 'remove').map((x) => x.b);
  for (const b of gone) removeDirBackup(storage, b);
  return gone.map((b) => dirVolid(storage.spec.id, b));
}
