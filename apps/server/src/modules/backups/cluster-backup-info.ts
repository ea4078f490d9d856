import type { PveClient } from '@proxai/pve-client';

/**
 * What a cluster (or a standalone node) says of its own backups: PVE's backup jobs (`/cluster/backup`, shown
 * read-only beside ProxAI's policies) and the guests none of them selects (`/cluster/backup-info/not-backed-up`).
 * Read by the node that reads the cluster's shared storages; a refusal (no Sys.Audit) leaves them unknown (null).
 */

/** A PVE backup job as stored (the contract's PveBackupJob without host_id). */
export type StoredPveJob = {
  id: string;
  schedule: string | null;
  storage: string | null;
  mode: string | null;
  enabled: boolean;
  vmids: number[] | null;
  all: boolean;
  exclude: number[];
  pool: string | null;
  next_run: string | null;
  comment: string | null;
};

export interface StoredNotBackedUp {
  vmid: number;
  name: string | null;
  type: 'qemu' | 'lxc';
}

const vmidList = (v: unknown): number[] =>
  (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
    .split(/[,\s]+/)
    .filter((x) => /^\d+$/.test(x))
    .map(Number);

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One entry of `/cluster/backup` as stored: 'enabled' absent means enabled; vmid is a comma list. */
export function toStoredJob(j: Record<string, unknown>): StoredPveJob {
  const all = j['all'] === 1 || j['all'] === true || j['all'] === '1';
  const nextRun = typeof j['next-run'] === 'number' ? new Date(j['next-run'] * 1000).toISOString() : null;
  return {
    id: text(j['id']) ?? '',
    schedule: text(j['schedule']) ?? text(j['starttime']),
    storage: text(j['storage']),
    mode: text(j['mode']),
    enabled: !(j['enabled'] === 0 || j['enabled'] === false || j['enabled'] === '0'),
    vmids: j['vmid'] !== undefined && !all ? vmidList(j['vmid']) : null,
    all,
    exclude: vmidList(j['exclude']),
    pool: text(j['pool']),
    next_run: nextRun,
    comment: text(j['comment']),
  };
}

export async function readClusterBackupInfo(
  client: PveClient,
): Promise<{ pveJobs: StoredPveJob[] | null; notBackedUp: StoredNotBackedUp[] | null }> {
  const [jobs, missing] = await Promise.all([
    client.clusterBackupJobs().catch(() => null),
    client.notBackedUp().catch(() => null),
  ]);
  return {
    pveJobs: jobs ? jobs.map((j) => toStoredJob({ ...j })) : null,
    notBackedUp: missing
      ? missing.map((m) => ({ vmid: m.vmid, name: m.name ?? null, type: m.type === 'lxc' ? 'lxc' : 'qemu' }))
      : null,
  };
}
