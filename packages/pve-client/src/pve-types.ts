import type { PressureFields } from './rrd-types';

/**
 * Response types of the PVE endpoints the portal uses (guests, storages, snapshots, APT; the rest by concern in
 * cluster-types, task-types, rrd-types, agent-types, backup-types), matching packages/pve-sim/fixtures.
 * PVE booleans are integers 0|1 on the wire and stay so here. Optional keys are omitted by PVE.
 */

export type GuestType = 'qemu' | 'lxc';
export type GuestAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset' | 'suspend' | 'resume';
export type Bool01 = 0 | 1;

export interface Version {
  version: string;
  release: string;
  repoid: string;
  console?: string;
}

interface GuestListCommon {
  vmid: number;
  name: string;
  /** 'running' | 'stopped' (qemu list: 'running' also while paused, see qmpstatus) */
  status: string;
  cpus: number;
  cpu: number;
  mem: number;
  maxmem: number;
  disk: number;
  maxdisk: number;
  uptime: number;
  netin: number;
  netout: number;
  diskread?: number;
  diskwrite?: number;
  pid?: number;
  template?: Bool01;
  lock?: string;
  tags?: string;
}
export interface QemuListItem extends GuestListCommon, PressureFields {
  serial?: Bool01;
  memhost?: number;
}
export interface LxcListItem extends GuestListCommon, PressureFields {
  type: 'lxc';
  swap: number;
  maxswap: number;
}

/** status/current of a qemu VM or an LXC container (running VMs carry many more keys). */
export interface GuestStatus extends GuestListCommon {
  ha: { managed: Bool01; state?: string; group?: string };
  /** qemu: running | paused | stopped | … */
  qmpstatus?: string;
  type?: 'lxc';
  agent?: Bool01;
  spice?: Bool01;
  balloon?: number;
  freemem?: number;
  swap?: number;
  maxswap?: number;
  'running-machine'?: string;
  'running-qemu'?: string;
  [key: string]: unknown;
}

/** Guest configuration: option name -> value (e.g. memory, cores, net0, scsi0, digest). */
export type GuestConfig = {
  digest?: string;
  name?: string;
  hostname?: string;
  ostype?: string;
  cores?: number;
  lock?: string;
  tags?: string;
} & Record<string, string | number | undefined>;

export interface StorageListItem {
  storage: string;
  type: string;
  content: string;
  active: Bool01;
  enabled: Bool01;
  shared: Bool01;
  total?: number;
  used?: number;
  avail?: number;
  used_fraction?: number;
}

export interface StorageContentItem {
  volid: string;
  content: string;
  format: string;
  size: number;
  ctime?: number;
  vmid?: number;
  used?: number;
  subtype?: GuestType;
  notes?: string;
  protected?: Bool01;
  parent?: string;
  encrypted?: string;
  /** state 'ok' | 'failed' */
  verification?: { state: string; upid: string };
}

export interface Snapshot {
  name: string;
  description: string;
  snaptime?: number;
  vmstate?: Bool01;
  parent?: string;
  snapstate?: string;
  /** only on the 'current' pseudo entry */
  digest?: string;
  running?: Bool01;
}

export interface AptPackage {
  Package: string;
  Title: string;
  Description: string;
  Origin: string;
  Section: string;
  Arch: string;
  Priority: string;
  Version: string;
  OldVersion: string;
  NotifyStatus?: string;
}
export interface AptVersion extends AptPackage {
  CurrentState: string;
  RunningKernel?: string;
  ManagerVersion?: string;
}

export type ParamPrimitive = string | number | boolean;
export type Params = Record<string, ParamPrimitive | ParamPrimitive[] | undefined>;

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}
