import { path, reqOf } from './params';
import type { ClusterResource, ClusterStatusItem, NodeListItem, NodeStatus } from './cluster-types';
import type {
  AptPackage,
  AptVersion,
  GuestAction,
  GuestConfig,
  GuestStatus,
  GuestType,
  LxcListItem,
  QemuListItem,
  RequestOptions,
  Snapshot,
  Version,
} from './pve-types';
import type { GuestRrdPoint, NodeRrdPoint, RrdCf, RrdTimeframe, StorageRrdPoint } from './rrd-types';
import type { TaskListOptions, TaskLogPage, TaskPage, TaskStatus } from './task-types';
import * as S from './schemas';
import { PveBackupClient } from './pve-backup-client';
import { pollTask, type WaitOptions } from './wait';

/** Typed client for one Proxmox VE host (port 8006). */
export class PveClient extends PveBackupClient {
  version(req?: RequestOptions): Promise<Version> {
    return this.read('/version', S.VersionSchema, undefined, req);
  }

  nodes(req?: RequestOptions): Promise<NodeListItem[]> {
    return this.read('/nodes', S.NodeListSchema, undefined, req);
  }

  nodeStatus(node: string, req?: RequestOptions): Promise<NodeStatus> {
    return this.read(path`/nodes/${node}/status`, S.NodeStatusSchema, undefined, req);
  }

  clusterStatus(req?: RequestOptions): Promise<ClusterStatusItem[]> {
    return this.read('/cluster/status', S.ClusterStatusSchema, undefined, req);
  }

  clusterResources(type?: 'vm' | 'storage' | 'node' | 'sdn', req?: RequestOptions): Promise<ClusterResource[]> {
    return this.read('/cluster/resources', S.ClusterResourcesSchema, type ? { type } : undefined, req);
  }

  qemuList(node: string, req?: RequestOptions): Promise<QemuListItem[]> {
    return this.read(path`/nodes/${node}/qemu`, S.GuestListSchema, undefined, req);
  }

  /** vmid normalised to a number (PVE < 8.1 answers a string). */
  lxcList(node: string, req?: RequestOptions): Promise<LxcListItem[]> {
    return this.read(path`/nodes/${node}/lxc`, S.GuestListSchema, undefined, req);
  }

  guestStatus(node: string, type: GuestType, vmid: number, req?: RequestOptions): Promise<GuestStatus> {
    return this.read(path`/nodes/${node}/${type}/${vmid}/status/current`, S.GuestStatusSchema, undefined, req);
  }

  guestConfig(node: string, type: GuestType, vmid: number, req?: RequestOptions): Promise<GuestConfig> {
    return this.read(path`/nodes/${node}/${type}/${vmid}/config`, S.GuestConfigSchema, undefined, req);
  }

  /** Either RRD layout (pve2 on PVE ≤ 8, pve-node-9.0 on PVE 9, see NodeRrdPoint); `decade` needs PVE 9. */
  nodeRrd(node: string, timeframe: RrdTimeframe, cf?: RrdCf, req?: RequestOptions): Promise<NodeRrdPoint[]> {
    return this.read(path`/nodes/${node}/rrddata`, S.rrdCheck, { timeframe, cf }, req);
  }

  /** `total` and `used` of a storage as the node sees it; rows of an inactive storage have only `time`. */
  storageRrd(
    node: string,
    storage: string,
    timeframe: RrdTimeframe,
    cf?: RrdCf,
    req?: RequestOptions,
  ): Promise<StorageRrdPoint[]> {
    return this.read(path`/nodes/${node}/storage/${storage}/rrddata`, S.rrdCheck, { timeframe, cf }, req);
  }

  guestRrd(
    node: string,
    type: GuestType,
    vmid: number,
    timeframe: RrdTimeframe,
    cf?: RrdCf,
    req?: RequestOptions,
  ): Promise<GuestRrdPoint[]> {
    return this.read(path`/nodes/${node}/${type}/${vmid}/rrddata`, S.rrdCheck, { timeframe, cf }, req);
  }

  async tasks(node: string, opts: TaskListOptions & RequestOptions = {}): Promise<TaskPage> {
    const { timeoutMs, signal, ...params } = opts;
    const p = path`/nodes/${node}/tasks`;
    const res = await this.core.call('GET', p, { ...reqOf(timeoutMs, signal), params });
    const items = this.core.check(S.TaskListSchema, res.data, 'GET', p) as unknown as TaskPage['items'];
    return { items, total: res.total ?? items.length };
  }

  taskStatus(node: string, upid: string, req?: RequestOptions): Promise<TaskStatus> {
    return this.read(path`/nodes/${node}/tasks/${upid}/status`, S.TaskStatusSchema, undefined, req);
  }

  async taskLog(
    node: string,
    upid: string,
    opts: { start?: number; limit?: number } & RequestOptions = {},
  ): Promise<TaskLogPage> {
    const { timeoutMs, signal, ...params } = opts;
    const p = path`/nodes/${node}/tasks/${upid}/log`;
    const res = await this.core.call('GET', p, { ...reqOf(timeoutMs, signal), params });
    const lines = this.core.check(S.TaskLogSchema, res.data, 'GET', p);
    return { lines, total: res.total ?? lines.length };
  }

  /** Polls until the task stops; returns its final status (check `exitstatus` / isTaskOk). */
  waitForTask(node: string, upid: string, opts: WaitOptions = {}): Promise<TaskStatus> {
    return pollTask((req) => this.taskStatus(node, upid, req), `/nodes/${node}/tasks/${upid}/status`, opts);
  }

  /**
   * Stops a running task (`DELETE /nodes/{node}/tasks/{upid}`): PVE kills the worker, which ends with
   * an error exit status (`received interrupt`, `interrupted by signal`, vzdump `job errors`). A finished
   * task is left as it is (no error): read its status to know how it ended. Needs to be the task's
   * owner, or Sys.Modify on /nodes/{node}. Never retried.
   */
  async stopTask(node: string, upid: string, req?: RequestOptions): Promise<void> {
    await this.send('DELETE', path`/nodes/${node}/tasks/${upid}`, undefined, req);
  }

  guestAction(
    node: string,
    type: GuestType,
    vmid: number,
    action: GuestAction,
    params?: Record<string, string | number | boolean>,
    req?: RequestOptions,
  ): Promise<string> {
    return this.startTask(path`/nodes/${node}/${type}/${vmid}/status/${action}`, params, req);
  }

  /** The last entry is the 'current' pseudo snapshot. */
  snapshots(node: string, type: GuestType, vmid: number, req?: RequestOptions): Promise<Snapshot[]> {
    return this.read(path`/nodes/${node}/${type}/${vmid}/snapshot`, S.SnapshotListSchema, undefined, req);
  }

  createSnapshot(
    node: string,
    type: GuestType,
    vmid: number,
    params: { snapname: string; description?: string; vmstate?: boolean },
    req?: RequestOptions,
  ): Promise<string> {
    return this.startTask(path`/nodes/${node}/${type}/${vmid}/snapshot`, params, req);
  }

  /** DELETE …/snapshot/{snapname}: task qmdelsnapshot / vzdelsnapshot. */
  deleteSnapshot(node: string, type: GuestType, vmid: number, snapname: string, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/nodes/${node}/${type}/${vmid}/snapshot/${snapname}`, undefined, req, 'DELETE');
  }

  /**
   * POST …/snapshot/{snapname}/rollback: task qmrollback / vzrollback. The guest comes back in the
   * state it had at snapshot time (a qemu snapshot with RAM resumes running); `start` starts it after.
   */
  rollbackSnapshot(
    node: string,
    type: GuestType,
    vmid: number,
    snapname: string,
    params?: { start?: boolean },
    req?: RequestOptions,
  ): Promise<string> {
    return this.startTask(path`/nodes/${node}/${type}/${vmid}/snapshot/${snapname}/rollback`, params, req);
  }

  /**
   * GET /access/permissions: effective privileges per ACL path, `{ '/': { 'Sys.Audit': 1, … }, '/vms': {…} }`
   * (the number is the propagate flag). Without `userid`: the caller's own (for a token, the token's);
   * with `path`: that path only. Another user's needs Sys.Audit on /access.
   */
  permissions(
    params?: { path?: string; userid?: string },
    req?: RequestOptions,
  ): Promise<Record<string, Record<string, number>>> {
    return this.read('/access/permissions', S.PermissionsSchema, params, req);
  }

  /** Pending updates from the node's cached package list. */
  aptUpdates(node: string, req?: RequestOptions): Promise<AptPackage[]> {
    return this.read(path`/nodes/${node}/apt/update`, S.AptListSchema, undefined, req);
  }

  /** Runs `apt-get update` on the node (task aptupdate); the list changes when it ends. */
  aptRefresh(node: string, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/nodes/${node}/apt/update`, undefined, req);
  }

  aptVersions(node: string, req?: RequestOptions): Promise<AptVersion[]> {
    return this.read(path`/nodes/${node}/apt/versions`, S.AptListSchema, undefined, req);
  }
}
