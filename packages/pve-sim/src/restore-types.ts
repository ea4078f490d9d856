import type { BackupSpec, GuestType } from './types';

/**
 * The guest settings a backup carries (the `qemu-server.conf` / `pct.conf` inside the archive): what a restore
 * brings back and what `GET /nodes/{node}/vzdump/extractconfig` answers.
 */
export interface BackupGuestConfig {
  type: GuestType;
  name: string;
  ostype: string;
  cores: number;
  memoryBytes: number;
  diskBytes: number;
  swapBytes: number;
  agent: boolean;
  tags: string[];
  /** The storage its disk was on when it was backed up. */
  diskStorage: string;
  /** net0… as in the config ('virtio=BC:24:11:…,bridge=vmbr0,firewall=1'). */
  nets: Record<string, string>;
}

/** A backup volume of a directory-like storage, with the settings it was taken with (absent for fleet-spec backups). */
export interface BackupVolumeState extends BackupSpec {
  config?: BackupGuestConfig;
}

/**
 * What the services inside a guest answer to probes run through the guest agent (`POST /_sim/guests/{vmid}/probe`):
 * the TCP ports listening, the HTTP answer, and whether every exec fails.
 */
export interface GuestProbe {
  /** Ports listening inside the guest (default 22, 80, 443, 8080). */
  tcpPorts: number[];
  /** The HTTP service's answer for `path` (other paths: 404); absent: every path answers 200 `OK`. */
  http?: { path: string; status: number; body: string };
  /** Every agent exec exits 1 with an error on stderr. */
  execFail: boolean;
}

/** A process started with agent `exec`: its result, known once `exitAtMs` has passed. */
export interface AgentExec {
  exitAtMs: number;
  exitcode: number;
  out: string;
  err: string;
}

/** Simulator switches for tests, fleet-wide (`POST /_sim/quirks`). */
export interface SimQuirks {
  /** Restores drop `link_down` from the NICs they write (a host that ignores it): for fail-closed tests. */
  ignoreLinkDown: boolean;
}

/** A datacenter backup job (`/etc/pve/jobs.cfg` vzdump section), as `GET /cluster/backup` lists it. */
export interface BackupJob {
  id: string;
  schedule: string;
  enabled: boolean;
  storage?: string;
  mode?: 'snapshot' | 'suspend' | 'stop';
  compress?: string;
  /** Guests by vmid ('100,101'), or all / a pool. */
  vmid?: string;
  all?: boolean;
  pool?: string;
  exclude?: string;
  node?: string;
  comment?: string;
  'notes-template'?: string;
  'prune-backups'?: string;
  mailnotification?: string;
  /** Other options passed through as given. */
  extra?: Record<string, string | number>;
}
