/**
 * Response types of the PVE endpoints the portal uses, matching packages/pve-sim/fixtures.
 * PVE booleans are integers 0|1 on the wire and stay so here. Optional keys are omitted by PVE.
 */

export type GuestType = 'qemu' | 'lxc';
export type GuestAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset' | 'suspend' | 'resume';
/** `decade` exists for node RRDs on PVE 9 only (older nodes answer 400). */
export type RrdTimeframe = 'hour' | 'day' | 'week' | 'month' | 'year' | 'decade';
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
  /** PVE 9: the host's view of a VM's memory (0 for containers and stopped guests). */
  memhost?: number;
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
/** PSI of the last minute in percent (PVE 9, running guests; nodes have no `pressurecpufull`). */
export interface PressureFields {
  pressurecpusome?: number;
  pressurecpufull?: number;
  pressureiosome?: number;
  pressureiofull?: number;
  pressurememorysome?: number;
  pressurememoryfull?: number;
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

/** A backup volume (content 'backup'): directory (vma.zst, tar.zst…) or PBS (pbs-vm, pbs-ct). */
export interface BackupVolume extends StorageContentItem {
  content: 'backup';
  ctime: number;
  vmid: number;
}

/**
 * RRD rows (`rrddata`): `time` is the start of the row's step; a key without a sample is absent (never null).
 * PVE ≤ 8 reads the pve2-* RRDs (70 rows); PVE 9 the pve-*-9.0 ones (hour 60 × 1 min, day 1440 × 1 min,
 * week 336 × 30 min, month 1440 × 30 min, year 1440 × 6 h, node decade 570 × 1 week), which add the keys below.
 */
export interface NodeRrdPoint extends PressureFields {
  time: number;
  /** PVE 9 */
  memavailable?: number;
  /** PVE 9: ZFS ARC size (0 without ZFS) */
  arcsize?: number;
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
export interface GuestRrdPoint extends PressureFields {
  time: number;
  /** PVE 9, VMs: the host's view of the VM's memory (`mem` is then the guest's balloon figure). */
  memhost?: number;
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

/** `GET /nodes/{node}/storage/{storage}/rrddata`: bytes; rows of an inactive storage have only `time`. */
export interface StorageRrdPoint {
  time: number;
  total?: number;
  used?: number;
}

/** `agent/file-read`: the file's text (at most 16 MiB; `truncated` when it was longer). */
export interface AgentFileContent {
  content: string;
  truncated?: boolean;
}

/** One entry of `agent/network-get-interfaces` (qemu-ga guest-network-get-interfaces). */
export interface AgentInterface {
  name: string;
  'hardware-address'?: string;
  'ip-addresses'?: { 'ip-address': string; 'ip-address-type': 'ipv4' | 'ipv6'; prefix: number }[];
  statistics?: {
    'rx-bytes': number;
    'rx-packets': number;
    'rx-errs': number;
    'rx-dropped': number;
    'tx-bytes': number;
    'tx-packets': number;
    'tx-errs': number;
    'tx-dropped': number;
  };
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
