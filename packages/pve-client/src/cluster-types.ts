import type { Bool01, GuestType } from './pve-types';

/** Nodes, cluster status and cluster resources: what monitoring and inventory read (`/nodes`, `/cluster/…`). */

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
