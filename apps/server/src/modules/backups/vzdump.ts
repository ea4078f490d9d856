import type { BackupCompression, BackupMode, BackupPolicyParams } from '@proxai/contract';
import type { VzdumpParams } from '@proxai/pve-client';

/**
 * What the portal sends to `POST /nodes/{node}/vzdump` and how it reads the answer (pure): the parameters of a
 * policy or a "Back up now", and the per-guest outcome from the task's log, which is the only place vzdump says
 * which guest failed and why (the task itself ends `job errors`).
 */

/** What one vzdump call is asked to do (a policy's params, or a "Back up now"'s). */
export interface VzdumpRequest {
  storage: string;
  mode: BackupMode;
  compress: BackupCompression;
  notesTemplate: string | null;
  keep: Pick<BackupPolicyParams, 'keep_last' | 'keep_daily' | 'keep_weekly' | 'keep_monthly'> | null;
  bwlimitKib: number | null;
  protected: boolean;
}

/** `keep-last=3,keep-daily=7`; undefined when every rule is 0 (the storage's own retention then applies). */
export function pruneBackups(keep: VzdumpRequest['keep']): string | undefined {
  if (!keep) return undefined;
  const parts = (
    [
      ['keep-last', keep.keep_last],
      ['keep-daily', keep.keep_daily],
      ['keep-weekly', keep.keep_weekly],
      ['keep-monthly', keep.keep_monthly],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k}=${n}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** The form of the call for these vmids (repeated `vmid` keys, which PVE joins into its `pve-vmid-list`). */
export function vzdumpParams(vmids: readonly number[], r: VzdumpRequest): VzdumpParams {
  const prune = pruneBackups(r.keep);
  return {
    vmid: [...vmids].sort((a, b) => a - b),
    storage: r.storage,
    mode: r.mode,
    compress: r.compress === 'none' ? '0' : r.compress,
    ...(r.notesTemplate ? { 'notes-template': r.notesTemplate } : {}),
    ...(prune ? { 'prune-backups': prune } : {}),
    ...(r.bwlimitKib ? { bwlimit: r.bwlimitKib } : {}),
    ...(r.protected ? { protected: true } : {}),
  };
}

/** What the log says of one guest. */
export type GuestBackupOutcome =
  { state: 'started' } | { state: 'succeeded'; volid: string | null } | { state: 'failed'; error: string };

/** The guests' outcomes, read line by line as the log grows (feed() each new line, in order). */
export class VzdumpLogReader {
  readonly outcomes = new Map<number, GuestBackupOutcome>();
  /** The archive each guest is being written to, until its Finished line. */
  private readonly archives = new Map<number, string>();
  private current: number | undefined;

  constructor(private readonly storage: string) {}

  /** Reads one line; answers the vmid whose outcome it settled (succeeded or failed), if any. */
  feed(line: string): number | undefined {
    let m = /^INFO: Starting Backup of VM (\d+) /.exec(line);
    if (m) {
      this.current = Number(m[1]);
      if (!this.outcomes.has(this.current)) this.outcomes.set(this.current, { state: 'started' });
      return undefined;
    }
    m = /^ERROR: Backup of VM (\d+) failed - (.*)$/.exec(line);
    if (m) {
      const vmid = Number(m[1]);
      this.outcomes.set(vmid, { state: 'failed', error: m[2]!.trim() || 'the backup failed' });
      return vmid;
    }
    m = /^INFO: Finished Backup of VM (\d+)\b/.exec(line);
    if (m) {
      const vmid = Number(m[1]);
      this.outcomes.set(vmid, { state: 'succeeded', volid: this.archives.get(vmid) ?? null });
      return vmid;
    }
    // The volume being written: a file of a directory storage, or a snapshot of a PBS datastore.
    m = /^INFO: creating vzdump archive '(?:.*\/)?([^/']+)'/.exec(line);
    if (m && this.current !== undefined) this.archives.set(this.current, `${this.storage}:backup/${m[1]}`);
    m = /^INFO: creating Proxmox Backup Server archive '([^']+)'/.exec(line);
    if (m && this.current !== undefined) this.archives.set(this.current, `${this.storage}:backup/${m[1]}`);
    return undefined;
  }
}

/** The storage PVE would pick for "Back up now": the first that takes backups, a PBS one first. */
export function pickBackupStorage<
  T extends { storage: string; type: string; content: string; enabled?: number; active?: number },
>(storages: readonly T[]): T | undefined {
  const usable = storages.filter((s) => s.content.split(',').includes('backup') && s.enabled !== 0 && s.active !== 0);
  return usable.find((s) => s.type === 'pbs') ?? usable[0];
}
