/**
 * Response types of the PVE endpoints the portal uses, matching packages/pve-sim/fixtures.
 * PVE booleans are integers 0|1 on the wire and stay so here. Optional keys are omitted by PVE.
 */

export type GuestType = 'qemu' | 'lxc';
export type GuestAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset' | 'suspend' | 'resume';
export type RrdTimeframe = 'hour' | 'day' | 'week' | 'month' | 'year';
export type RrdCf = 'AVERAGE' | 'MAX';
export type Bool01 = 0 | 1;

export interface Version {
  version: string;
  release: string;
  repoid: string;
  console?: string;
}

export interface NodeListItem {
  node: string;
  status: 'online' | 'offline' | 'unknown';
  id: string;
  type: 'node';
  cpu?: number;
  maxcpu?: number;
  mem?: number;
  maxmem?: number;
  disk?: number;
  maxdisk?: number;
  uptime?: number;
  level?: string;
  ssl_fingerprint?: string;
}

export interface NodeStatus {
  uptime: number;
  idle: number;
  /** strings, e.g. ["0.12","0.10","0.09"] */
  loadavg: [string, string, string] | string[];
  cpu: number;
  wait: number;
  cpuinfo: {
    model: string;
    sockets: number;
    cores: number;
    cpus: number;
    mhz: string;
    hvm: string;
    user_hz: number;
    flags: string;
  };
  memory: { total: number; used: number; free: number; available?: number };
  swap: { total: number; used: number; free: number };
  ksm: { shared: number };
  rootfs: { total: number; used: number; free: number; avail: number };
  pveversion: string;
  kversion: string;
  'current-kernel'?: { sysname: string; release: string; version: string; machine: string };
  'boot-info'?: { mode: 'efi' | 'legacy-bios'; secureboot?: Bool01 };
}

export interface ClusterStatusCluster {
  type: 'cluster';
  id: 'cluster';
  name: string;
  nodes: number;
  version: number;
  quorate: Bool01;
}
export interface ClusterStatusNode {
  type: 'node';
  id: string;
  name: string;
  nodeid: number;
  ip: string;
  local: Bool01;
  online: Bool01;
  level: string;
}
export type ClusterStatusItem = ClusterStatusCluster | ClusterStatusNode;

export interface GuestResource {
  id: string;
  type: GuestType;
  vmid: number;
  node: string;
  status: string;
  name?: string;
  template?: Bool01;
  uptime?: number;
  maxcpu?: number;
  cpu?: number;
  maxmem?: number;
  mem?: number;
  maxdisk?: number;
  disk?: number;
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
  tags?: string;
  lock?: string;
  pool?: string;
  hastate?: string;
}
export interface NodeResource {
  id: string;
  type: 'node';
  node: string;
  status: string;
  level?: string;
  uptime?: number;
  cpu?: number;
  maxcpu?: number;
  mem?: number;
  maxmem?: number;
  disk?: number;
  maxdisk?: number;
  'cgroup-mode'?: number;
}
export interface StorageResource {
  id: string;
  type: 'storage';
  storage: string;
  node: string;
  plugintype: string;
  /** 'available', or 'unknown' when inactive */
  status: string;
  shared: Bool01;
  content: string;
  disk?: number;
  maxdisk?: number;
}
export interface PoolResource {
  id: string;
  type: 'pool';
  pool: string;
}
export interface SdnResource {
  id: string;
  type: 'sdn';
  sdn: string;
  node: string;
  status: string;
}
export type ClusterResource = GuestResource | NodeResource | StorageResource | PoolResource | SdnResource;

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
export interface QemuListItem extends GuestListCommon {
  serial?: Bool01;
  memhost?: number;
}
export interface LxcListItem extends GuestListCommon {
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

/** A backup volume (content 'backup'): directory (vma.zst, tar.zst…) or PBS (pbs-vm, pbs-ct). */
export interface BackupVolume extends StorageContentItem {
  content: 'backup';
  ctime: number;
  vmid: number;
}

export interface NodeRrdPoint {
  time: number;
  cpu?: number;
  iowait?: number;
  loadavg?: number;
  maxcpu?: number;
  memtotal?: number;
  memused?: number;
  swaptotal?: number;
  swapused?: number;
  roottotal?: number;
  rootused?: number;
  netin?: number;
  netout?: number;
}

/** Rows without samples (guest stopped) have only time and the max* / disk keys. */
export interface GuestRrdPoint {
  time: number;
  maxcpu?: number;
  maxmem?: number;
  maxdisk?: number;
  disk?: number;
  cpu?: number;
  mem?: number;
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
}

export interface TaskListItem {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  user: string;
  tokenid?: string;
  endtime?: number;
  /** exit status ('OK', 'WARNINGS: 1', error text) or 'RUNNING' */
  status?: string;
}
export interface TaskPage {
  items: TaskListItem[];
  total: number;
}
export interface TaskListOptions {
  start?: number;
  limit?: number;
  source?: 'archive' | 'active' | 'all';
  vmid?: number;
  typefilter?: string;
  userfilter?: string;
  errors?: boolean;
  since?: number;
  until?: number;
  statusfilter?: string;
}

export interface TaskStatus {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  user: string;
  tokenid?: string;
  status: 'running' | 'stopped';
  /** when stopped: 'OK', 'WARNINGS: n', or the error text */
  exitstatus?: string;
}

export interface TaskLogLine {
  n: number;
  t: string;
}
export interface TaskLogPage {
  lines: TaskLogLine[];
  total: number;
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
  [key: string]: string | number | boolean | number[] | undefined;
}

export type ParamPrimitive = string | number | boolean;
export type Params = Record<string, ParamPrimitive | ParamPrimitive[] | undefined>;

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}
