import { ApiCore, type PveClientOptions } from './api-core';
import { path, reqOf } from './params';
import type {
  PbsDatastore,
  PbsDatastoreUsage,
  PbsGcStatus,
  PbsGroup,
  PbsKeepOptions,
  PbsPruneJob,
  PbsSnapshot,
  PbsSyncJob,
  PbsTaskPage,
  PbsTaskStatus,
  PbsVerifyJob,
  PbsVerifyParams,
  PbsVersion,
} from './pbs-types';
import type { Params, RequestOptions } from './pve-types';
import type { TaskLogPage } from './task-types';
import * as S from './schemas';
import { pollTask, type WaitOptions } from './wait';

export type PbsClientOptions = PveClientOptions;

/** Typed client for a Proxmox Backup Server (port 8007). Token auth sends PBSAPIToken=id:secret. */
export class PbsClient {
  private readonly core: ApiCore;

  constructor(opts: PbsClientOptions) {
    this.core = new ApiCore('PBS', opts);
  }

  get baseUrl(): string {
    return this.core.baseUrl;
  }

  login(req?: RequestOptions): Promise<void> {
    return this.core.login(req);
  }

  close(): Promise<void> {
    return this.core.close();
  }

  async get<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return (await this.core.call('GET', p, { ...req, ...(params ? { params } : {}) })).data as T;
  }

  async post<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return (await this.core.call('POST', p, { ...req, ...(params ? { params } : {}) })).data as T;
  }

  private async read<T>(p: string, schema: Parameters<ApiCore['check']>[0], params?: Params, req?: RequestOptions): Promise<T> {
    return this.core.check(schema, await this.get(p, params, req), 'GET', p) as T;
  }

  version(req?: RequestOptions): Promise<PbsVersion> {
    return this.read('/version', S.VersionSchema, undefined, req);
  }

  datastores(req?: RequestOptions): Promise<PbsDatastore[]> {
    return this.read('/admin/datastore', S.PbsDatastoreListSchema, undefined, req);
  }

  groups(store: string, opts: { ns?: string } & RequestOptions = {}): Promise<PbsGroup[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read(path`/admin/datastore/${store}/groups`, S.PbsGroupListSchema, params, reqOf(timeoutMs, signal));
  }

  snapshots(
    store: string,
    opts: { ns?: string; 'backup-type'?: 'vm' | 'ct' | 'host'; 'backup-id'?: string } & RequestOptions = {},
  ): Promise<PbsSnapshot[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read(path`/admin/datastore/${store}/snapshots`, S.PbsSnapshotListSchema, params, reqOf(timeoutMs, signal));
  }

  datastoreUsage(req?: RequestOptions): Promise<PbsDatastoreUsage[]> {
    return this.read('/status/datastore-usage', S.PbsUsageSchema, undefined, req);
  }

  async tasks(
    opts: {
      start?: number;
      limit?: number;
      store?: string;
      running?: boolean;
      errors?: boolean;
      typefilter?: string;
      since?: number;
    } & RequestOptions = {},
  ): Promise<PbsTaskPage> {
    const { timeoutMs, signal, ...params } = opts;
    const p = '/nodes/localhost/tasks';
    const res = await this.core.call('GET', p, { ...reqOf(timeoutMs, signal), params });
    const items = this.core.check(S.TaskListSchema, res.data, 'GET', p) as unknown as PbsTaskPage['items'];
    return { items, total: res.total ?? items.length };
  }

  taskStatus(upid: string, req?: RequestOptions): Promise<PbsTaskStatus> {
    return this.read(path`/nodes/localhost/tasks/${upid}/status`, S.TaskStatusSchema, undefined, req);
  }

  /** `GET /nodes/localhost/tasks/{upid}/log`: lines `{n, t}` from `start` (0), at most `limit` (50), and the total. */
  async taskLog(upid: string, opts: { start?: number; limit?: number } & RequestOptions = {}): Promise<TaskLogPage> {
    const { timeoutMs, signal, ...params } = opts;
    const p = path`/nodes/localhost/tasks/${upid}/log`;
    const res = await this.core.call('GET', p, { ...reqOf(timeoutMs, signal), params });
    const lines = this.core.check(S.TaskLogSchema, res.data, 'GET', p);
    return { lines, total: res.total ?? lines.length };
  }

  /** `GET /admin/datastore/{store}/gc`: the last garbage collection (PBS ≥ 3.3: with its schedule status). */
  gcStatus(store: string, req?: RequestOptions): Promise<PbsGcStatus> {
    return this.read(path`/admin/datastore/${store}/gc`, S.PbsGcStatusSchema, undefined, req);
  }

  /** `GET /admin/gc` (PBS ≥ 3.3): every datastore's GC job status; older PBS answer not-found. */
  gcJobs(req?: RequestOptions): Promise<PbsGcStatus[]> {
    return this.read('/admin/gc', S.PbsGcListSchema, undefined, req);
  }

  /** `POST /admin/datastore/{store}/gc`: starts a garbage collection (task garbage_collection). */
  startGc(store: string, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/admin/datastore/${store}/gc`, undefined, req);
  }

  /** `GET /admin/prune`: prune jobs with last-run-state / last-run-endtime / next-run. */
  pruneJobs(opts: { store?: string } & RequestOptions = {}): Promise<PbsPruneJob[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read('/admin/prune', S.PbsJobListSchema, params, reqOf(timeoutMs, signal));
  }

  /** `GET /admin/verify`: verification jobs with their schedule status. */
  verifyJobs(opts: { store?: string } & RequestOptions = {}): Promise<PbsVerifyJob[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read('/admin/verify', S.PbsJobListSchema, params, reqOf(timeoutMs, signal));
  }

  /** `GET /admin/sync`: sync jobs with their schedule status. */
  syncJobs(opts: { store?: string } & RequestOptions = {}): Promise<PbsSyncJob[]> {
    const { timeoutMs, signal, ...params } = opts;
    return this.read('/admin/sync', S.PbsJobListSchema, params, reqOf(timeoutMs, signal));
  }

  /**
   * `POST /admin/datastore/{store}/verify`: verifies a snapshot (type, id, time), a group (type, id) or the whole
   * datastore (tasks verify_snapshot / verify_group / verify); a corrupt snapshot ends the task with
   * "verification failed - please check the log for details" and its `verification.state` is 'failed'.
   */
  startVerify(store: string, params: PbsVerifyParams = {}, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/admin/datastore/${store}/verify`, { ...params }, req);
  }

  /** `POST /admin/verify/{id}/run`: runs a verification job now (task verificationjob). */
  runVerifyJob(id: string, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/admin/verify/${id}/run`, undefined, req);
  }

  /** `POST /admin/prune/{id}/run`: runs a prune job now (task prunejob). */
  runPruneJob(id: string, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/admin/prune/${id}/run`, undefined, req);
  }

  /** `POST /admin/datastore/{store}/prune-datastore`: prunes every group with these options (task prune). */
  pruneDatastore(store: string, keep: PbsKeepOptions & { 'dry-run'?: boolean }, req?: RequestOptions): Promise<string> {
    return this.startTask(path`/admin/datastore/${store}/prune-datastore`, { ...keep }, req);
  }

  private async startTask(p: string, params?: Params, req?: RequestOptions): Promise<string> {
    return this.core.check(S.UpidSchema, await this.post(p, params, req), 'POST', p);
  }

  waitForTask(upid: string, opts: WaitOptions = {}): Promise<PbsTaskStatus> {
    return pollTask((req) => this.taskStatus(upid, req), `/nodes/localhost/tasks/${upid}/status`, opts);
  }
}
