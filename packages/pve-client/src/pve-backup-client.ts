import type {
  BackupVolume,
  ClusterBackupJob,
  DestroyOptions,
  GuestConfigUpdate,
  NotBackedUpGuest,
  RestoreParams,
  StorageStatus,
  VzdumpParams,
} from './backup-types';
import { PveError } from './errors';
import { DataArrayReader, JsonStreamError } from './json-array-stream';
import { path, reqOf } from './params';
import { PveAgentClient } from './pve-agent-client';
import type { GuestType, Params, RequestOptions, StorageContentItem, StorageListItem } from './pve-types';
import * as S from './schemas';

/** The largest content listing backupsStream reads by default (256 MiB). */
export const DEFAULT_MAX_LISTING_BYTES = 256 * 1024 * 1024;

/** Storages, backups and backup jobs, restores, guest config changes and removal. */
export class PveBackupClient extends PveAgentClient {
  storageList(
    node: string,
    opts: { content?: string; enabled?: boolean; storage?: string } & RequestOptions = {},
  ): Promise<StorageListItem[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read(path`/nodes/${node}/storage`, S.StorageListSchema, params, reqOf(timeoutMs, signal));
  }

  /** GET /nodes/{node}/storage/{storage}/status: total, used, avail (absent while inactive), active, enabled… */
  storageStatus(node: string, storage: string, req?: RequestOptions): Promise<StorageStatus> {
    return this.read(path`/nodes/${node}/storage/${storage}/status`, S.StorageStatusSchema, undefined, req);
  }

  storageContent(
    node: string,
    storage: string,
    opts: { content?: string; vmid?: number } & RequestOptions = {},
  ): Promise<StorageContentItem[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read(path`/nodes/${node}/storage/${storage}/content`, S.StorageContentSchema, params, reqOf(timeoutMs, signal));
  }

  /**
   * Backup volumes of a storage (content=backup), optionally of one guest. PVE leaves out, without a word, the
   * volumes the caller may not see. For storages with thousands of backups use backupsStream.
   */
  async backups(node: string, storage: string, opts: { vmid?: number } & RequestOptions = {}): Promise<BackupVolume[]> {
    const items = await this.storageContent(node, storage, { ...opts, content: 'backup' });
    return items.filter(isBackupVolume);
  }

  /**
   * The same listing read as a stream (one call, items parsed as the answer arrives, memory bounded by the items
   * kept): for storages with thousands of backups. The answer may be up to `maxBytes` (default 256 MiB,
   * DEFAULT_MAX_LISTING_BYTES) whatever the client's maxResponseBytes; beyond it the call fails 'too-large'.
   */
  backupsStream(
    node: string,
    storage: string,
    opts: { vmid?: number; maxBytes?: number } & RequestOptions = {},
  ): Promise<BackupVolume[]> {
    const { vmid, maxBytes = DEFAULT_MAX_LISTING_BYTES, timeoutMs, signal } = opts;
    const p = path`/nodes/${node}/storage/${storage}/content`;
    const notApi = (where: string): PveError =>
      new PveError({ kind: 'api-error', method: 'GET', path: p, status: 200, serverMessage: `not a Proxmox VE API (${where})` });
    return this.core.callStream(
      p,
      { ...reqOf(timeoutMs, signal), params: { content: 'backup', vmid } },
      maxBytes,
      async (body) => {
        const out: BackupVolume[] = [];
        let index = 0;
        const reader = new DataArrayReader((item) => {
          const checked = S.StorageContentSchema([item]);
          if (!checked.ok) throw notApi(checked.where.replace(/^0/, String(index)));
          index++;
          const volume = checked.value[0] as unknown as StorageContentItem;
          if (isBackupVolume(volume)) out.push(volume);
        });
        try {
          for await (const chunk of body) reader.push(chunk);
          reader.end();
        } catch (err) {
          if (err instanceof JsonStreamError) throw notApi(err.message);
          throw err;
        }
        return out;
      },
    );
  }

  /**
   * POST /nodes/{node}/vzdump: a UPID (task vzdump), or the string 'OK' when none of the selected guests is on
   * this node (the others are skipped silently: each node backs up its own).
   */
  async vzdump(node: string, params: VzdumpParams, req?: RequestOptions): Promise<string> {
    return this.sendChecked(path`/nodes/${node}/vzdump`, S.VzdumpAnswerSchema, params, req);
  }

  /** GET /nodes/{node}/vzdump/extractconfig: the guest configuration stored in a backup, as text (`key: value` lines). */
  backupConfig(node: string, volume: string, req?: RequestOptions): Promise<string> {
    return this.read(path`/nodes/${node}/vzdump/extractconfig`, S.TextSchema, { volume }, req);
  }

  /** GET /cluster/backup: the datacenter's backup jobs (read-only here). */
  clusterBackupJobs(req?: RequestOptions): Promise<ClusterBackupJob[]> {
    return this.read('/cluster/backup', S.ClusterBackupJobsSchema, undefined, req);
  }

  /** GET /cluster/backup-info/not-backed-up: guests that no backup job selects. */
  notBackedUp(req?: RequestOptions): Promise<NotBackedUpGuest[]> {
    return this.read('/cluster/backup-info/not-backed-up', S.NotBackedUpSchema, undefined, req);
  }

  /** GET /cluster/nextid: the lowest free vmid of the cluster (PVE answers it as a string). */
  nextId(req?: RequestOptions): Promise<number> {
    return this.read('/cluster/nextid', S.NextIdSchema, undefined, req);
  }

  /**
   * Restores a backup to `params.vmid`: POST /nodes/{node}/qemu (archive=volid) or /nodes/{node}/lxc
   * (ostemplate=volid, restore=1). Answers the UPID of qmrestore / vzrestore; 500 "… already exists on node …"
   * when the vmid is taken (unless `force` over a stopped guest of this node).
   */
  restoreGuest(node: string, type: GuestType, params: RestoreParams, req?: RequestOptions): Promise<string> {
    const { archive, name, ...rest } = params;
    const body: Params = { ...rest };
    if (type === 'qemu') Object.assign(body, { archive, ...(name !== undefined ? { name } : {}) });
    else Object.assign(body, { ostemplate: archive, restore: true, ...(name !== undefined ? { hostname: name } : {}) });
    return this.startTask(path`/nodes/${node}/${type}`, body, req);
  }

  /** PUT …/config: applies at once (qemu's PUT is synchronous; POST would be a task). */
  async updateGuestConfig(
    node: string,
    type: GuestType,
    vmid: number,
    params: GuestConfigUpdate,
    req?: RequestOptions,
  ): Promise<void> {
    await this.send('PUT', path`/nodes/${node}/${type}/${vmid}/config`, params, req);
  }

  /**
   * DELETE /nodes/{node}/{type}/{vmid}: the UPID of qmdestroy / vzdestroy. A running guest is refused at once
   * (500 "VM 100 is running - destroy failed"); `purge` also removes it from backup jobs.
   */
  destroyGuest(node: string, type: GuestType, vmid: number, opts: DestroyOptions = {}, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/nodes/${node}/${type}/${vmid}`, { ...opts }, req, 'DELETE');
  }
}

export function isBackupVolume(i: StorageContentItem): i is BackupVolume {
  return i.content === 'backup' && typeof i.vmid === 'number' && typeof i.ctime === 'number';
}
