import type { AgentExec, BackupJob, GuestProbe } from './restore-types';

/** A fleet: PVE nodes (one HTTPS port each; standalone or grouped in clusters) and an optional PBS. Plain JSON. */
export interface FleetSpec {
  nodes: NodeSpec[];
  pbs?: PbsSpec;
  /** Nodes that form a cluster (each node in one cluster at most; the others are standalone). */
  clusters?: ClusterSpec[];
  /** Drives flaky faults and generated ids (default 1). */
  seed?: number;
  /** How long a task runs before it changes state (default 1500 ms). */
  taskDurationMs?: number;
  /** Delay before a 401 answer; the real servers wait ~3 s. Default 0. */
  authFailDelayMs?: number;
  /** Ticket lifetime in seconds (default 7200). */
  ticketLifetimeSec?: number;
}

export interface ClusterSpec {
  /** The cluster name (`/cluster/status`, login `clustername`). */
  name: string;
  /** Member node names, in nodeid order (nodeid 1, 2, …). */
  nodes: string[];
}

export interface NodeSpec {
  name: string;
  /** '8.2.4', '7.4-16', '9.0.3'… drives the version quirks. */
  pveVersion: string;
  repoid?: string;
  cpuModel: string;
  sockets: number;
  cores: number;
  /** maxcpu */
  threads: number;
  mhz: string;
  memoryBytes: number;
  rootfsBytes: number;
  swapBytes: number;
  uptimeSec: number;
  latencyMs?: number;
  fault?: Fault | null;
  password?: string;
  tokenSecret?: string;
  readonlyTokenSecret?: string;
  guests: GuestSpec[];
  storages: StorageSpec[];
  aptUpdates: AptPackageSpec[];
  tasks?: TaskSpec[];
  /** Datacenter backup jobs (GET /cluster/backup); a cluster's members share theirs. */
  backupJobs?: BackupJob[];
}

export type GuestType = 'qemu' | 'lxc';

export interface GuestSpec {
  vmid: number;
  type: GuestType;
  name: string;
  ostype: string;
  status: 'running' | 'stopped' | 'paused';
  cores: number;
  memoryBytes: number;
  diskBytes: number;
  swapBytes?: number;
  /** Mean CPU fraction (0–1) while running. */
  load: number;
  /** Fraction of memoryBytes in use while running. */
  memUsage: number;
  uptimeSec?: number;
  template?: boolean;
  tags?: string[];
  lock?: string;
  /** qemu: guest agent configured (`agent: 1` in the config). Default true for qemu. */
  agent?: boolean;
  /** qemu with `agent`: qemu-ga answers inside the guest while it runs. Default true. */
  agentRunning?: boolean;
  ha?: boolean;
  snapshots?: SnapshotSpec[];
}

export interface SnapshotSpec {
  name: string;
  description?: string;
  snaptime: number;
  vmstate?: boolean;
}

/** A snapshot as the guest's config holds it (`[snapname]` sections). */
export interface SimSnapshot extends SnapshotSpec {
  /** The snapshot this one was taken from (the config's `parent` at that time). */
  parent?: string;
  /** 'prepare' while being taken, 'delete' while being removed (or after a failed removal). */
  snapstate?: 'prepare' | 'delete';
  /** Settings copied at snapshot time, put back by a rollback (absent for snapshots of the fleet spec). */
  config?: { cores: number; memoryBytes: number; tags: string[] };
}

/** Makes snapshot tasks of one guest fail (test control, see Fleet.setSnapshotFault). */
export interface SnapshotFault {
  /** The task's error; default: a storage error like the guest's storage would give. */
  message?: string;
}

export type StorageType = 'dir' | 'zfspool' | 'lvmthin' | 'lvm' | 'nfs' | 'cifs' | 'rbd' | 'pbs';

export interface StorageSpec {
  id: string;
  type: StorageType;
  content: string;
  shared?: boolean;
  active?: boolean;
  enabled?: boolean;
  totalBytes: number;
  usedBytes: number;
  /** type 'pbs': the PBS datastore it points at. */
  datastore?: string;
  backups?: BackupSpec[];
}

export interface BackupSpec {
  vmid: number;
  subtype: GuestType;
  ctime: number;
  size: number;
  format?: string;
  notes?: string;
  protected?: boolean;
}

export interface AptPackageSpec {
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

export interface TaskSpec {
  type: string;
  id: string;
  user: string;
  starttime: number;
  endtime: number;
  exitstatus: string;
  log?: string[];
}

export interface PbsSpec {
  name: string;
  version: string;
  release: string;
  latencyMs?: number;
  fault?: Fault | null;
  password?: string;
  tokenSecret?: string;
  datastores: PbsDatastoreSpec[];
}

export interface PbsDatastoreSpec {
  name: string;
  comment?: string;
  maintenance?: string;
  totalBytes: number;
  usedBytes: number;
  snapshots: PbsSnapshotSpec[];
}

export interface PbsSnapshotSpec {
  type: 'vm' | 'ct' | 'host';
  id: string;
  time: number;
  size: number;
  owner?: string;
  comment?: string;
  protected?: boolean;
  verification?: 'ok' | 'failed';
  encrypted?: boolean;
}

export type Fault =
  | { kind: 'refuse' }
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'flaky'; rate: number }
  | { kind: 'expire-tickets' }
  | { kind: 'rotate-certificate' };

export interface SimNodeInfo {
  name: string;
  url: string;
  port: number;
  fingerprint: string;
  /** PEM of the current certificate (self-signed; usable as a trusted CA in tests) */
  certificatePem: string;
  username: 'root@pam';
  password: string;
  tokenId: string;
  tokenSecret: string;
  readonlyTokenId: string;
  readonlyTokenSecret: string;
}

export interface SimPbsInfo {
  name: string;
  url: string;
  port: number;
  fingerprint: string;
  certificatePem: string;
  username: 'root@pam';
  password: string;
  tokenId: string;
  tokenSecret: string;
  datastores: string[];
}

export interface SimGuest {
  vmid: number;
  type: GuestType;
  name: string;
  ostype: string;
  status: 'running' | 'stopped';
  /** qemu only: running but paused (qmpstatus 'paused'). */
  paused: boolean;
  cores: number;
  memoryBytes: number;
  diskBytes: number;
  swapBytes: number;
  load: number;
  memUsage: number;
  /** Unix seconds: first day of RRD history. */
  createdAt: number;
  /** Unix seconds; set while running. */
  startedAt?: number;
  /** Unix seconds; when it last stopped (RRD rows after it have no samples). */
  stoppedAt?: number;
  pid?: number;
  template: boolean;
  tags: string[];
  lock?: string;
  /** Guest agent configured (`agent: 1`). */
  agent: boolean;
  /** qemu-ga answers inside the guest (only matters while the VM runs with `agent`). */
  agentRunning: boolean;
  /** Overrides MemAvailable (bytes) of the agent's /proc/meminfo (POST /_sim/guests/{vmid}/agent). */
  agentMemAvailable?: number;
  /** Load profiles set through the control path, oldest first (kept so RRD history shows them). */
  loadProfiles: LoadProfile[];
  ha: boolean;
  snapshots: SimSnapshot[];
  /** The snapshot the current state derives from (config `parent`, the 'current' entry's parent). */
  parent?: string;
  /** While set, snapshot tasks of this guest fail (create, delete without force, rollback). */
  snapshotFault?: SnapshotFault;
  /** Deterministic per-guest phase so series differ between guests. */
  phase: number;
  mac: string;
  uuid: string;
  digest: string;
  /** NICs as the config holds them (net0: 'virtio=BC:24:11:…,bridge=vmbr0,firewall=1'); absent: one NIC from `mac`. */
  nets?: Record<string, string>;
  /** The storage holding its disk; absent: the node's first storage for images (VMs) / rootdir (CTs). */
  diskStorage?: string;
  /** Config keys set through PUT …/config that only round-trip (description, onboot, protection…). */
  configExtra?: Record<string, string | number>;
  /** qemu-ga answers only this long after a start (restored guests); unset: at once. */
  agentBootMs?: number;
  /** Date.now() of the last start or reboot (agentBootMs counts from it). */
  startedAtMs?: number;
  /** What its services answer to probes run through the agent (POST /_sim/guests/{vmid}/probe). */
  probe?: GuestProbe;
  /** Processes started with agent exec, by pid. */
  execs?: Map<number, AgentExec>;
}

/**
 * A load the guest follows over [from, until) (unix seconds; until Infinity while open): `cpu` (fraction of
 * its cores) and/or `memBytes` replace the generated curves, so live values and RRD rows show it.
 */
export interface LoadProfile {
  from: number;
  until: number;
  cpu?: number;
  memBytes?: number;
}

export interface SimTask {
  upid: string;
  node: string;
  pid: number;
  pstart: number;
  starttime: number;
  type: string;
  id: string;
  /** authid: 'root@pam' or 'root@pam!portal' */
  user: string;
  status: 'running' | 'stopped';
  exitstatus?: string;
  endtime?: number;
  log: string[];
}

export interface SimStats {
  requests: number;
  logins: number;
  ticketRenewals: number;
  failedAuth: number;
}
