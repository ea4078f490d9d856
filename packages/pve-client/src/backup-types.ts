import type { Bool01, GuestType, StorageContentItem } from './pve-types';

/** Backups, backup jobs, restores and guest removal on Proxmox VE (wire names and types). */

/**
 * A backup volume (content 'backup'): directory (vma.zst, tar.zst…) or PBS (pbs-vm, pbs-ct). PBS storages add
 * `verification` ({state: 'ok' | 'failed', upid}) and `encrypted` (the key fingerprint, or '1').
 */
export interface BackupVolume extends StorageContentItem {
  content: 'backup';
  ctime: number;
  vmid: number;
}

export interface VzdumpParams {
  vmid?: number | number[];
  all?: boolean;
  exclude?: number | number[];
  storage?: string;
  mode?: 'snapshot' | 'suspend' | 'stop';
  compress?: '0' | '1' | 'gzip' | 'lzo' | 'zstd';
  'notes-template'?: string;
  protected?: boolean;
  remove?: boolean;
  /** 'keep-last=3,keep-daily=7' */
  'prune-backups'?: string;
  [key: string]: string | number | boolean | number[] | undefined;
}

/** A datacenter backup job (`GET /cluster/backup`): the vzdump options plus `next-run` (PVE ≥ 7.1). */
export interface ClusterBackupJob {
  id: string;
  type?: 'vzdump';
  schedule: string;
  enabled?: Bool01;
  storage?: string;
  mode?: 'snapshot' | 'suspend' | 'stop';
  compress?: string;
  /** '100,101' */
  vmid?: string;
  all?: Bool01;
  pool?: string;
  exclude?: string;
  node?: string;
  comment?: string;
  'notes-template'?: string;
  'prune-backups'?: string;
  /** unix seconds */
  'next-run'?: number;
  [key: string]: string | number | undefined;
}

/** `GET /cluster/backup-info/not-backed-up`: a guest no backup job selects. */
export interface NotBackedUpGuest {
  vmid: number;
  name?: string;
  type: GuestType;
}

/**
 * A restore (`POST /nodes/{node}/qemu` with `archive`, or `POST /nodes/{node}/lxc` with `ostemplate` and
 * `restore=1`; the client picks the names). `netN` replaces the backup's NIC: without a MAC, PVE makes a new one
 * (as `unique` does for every NIC of the backup). Task qmrestore / vzrestore; the guest holds the `create` lock.
 */
export interface RestoreParams {
  vmid: number;
  /** The backup's volid ('local:backup/vzdump-qemu-100-….vma.zst', 'pbs:backup/vm/100/2024-06-30T21:00:02Z'). */
  archive: string;
  storage?: string;
  unique?: boolean;
  /** Overwrite an existing (stopped) guest with that vmid. */
  force?: boolean;
  start?: boolean;
  pool?: string;
  /** KiB/s */
  bwlimit?: number;
  /** qemu: name; lxc: hostname */
  name?: string;
  /** MiB */
  memory?: number;
  cores?: number;
  /** 'virtio,bridge=vmbr0,link_down=1' (qemu) or 'name=eth0,bridge=vmbr0,ip=dhcp,link_down=1' (lxc) */
  [net: `net${number}`]: string;
}

/**
 * `PUT …/config` options: netN strings (a NIC written without a MAC gets a new one), `delete` ('net1,tags'),
 * `digest` (refused when the config changed meanwhile), and any other option by its PVE name.
 */
export interface GuestConfigUpdate {
  digest?: string;
  delete?: string;
  name?: string;
  hostname?: string;
  memory?: number;
  cores?: number;
  tags?: string;
  description?: string;
  onboot?: boolean;
  protection?: boolean;
  skiplock?: boolean;
  [key: string]: string | number | boolean | undefined;
}

/** `DELETE /nodes/{node}/{type}/{vmid}` options. */
export interface DestroyOptions {
  /** Also remove the vmid from backup jobs, replication and HA. */
  purge?: boolean;
  /** Also destroy disks with the vmid that the config does not reference. */
  'destroy-unreferenced-disks'?: boolean;
  skiplock?: boolean;
  /** lxc: stop a running container first. */
  force?: boolean;
}

/** `GET /nodes/{node}/storage/{storage}/status` (usage keys absent while inactive). */
export interface StorageStatus {
  storage?: string;
  type: string;
  content: string;
  active: Bool01;
  enabled: Bool01;
  shared?: Bool01;
  total?: number;
  used?: number;
  avail?: number;
  used_fraction?: number;
}
