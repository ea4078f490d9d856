import { ApiCore, type PveClientOptions } from './api-core';
import { path, reqOf } from './params';
import type { PbsDatastore, PbsDatastoreUsage, PbsGroup, PbsSnapshot, PbsTaskPage, PbsTaskStatus, PbsVersion } from './pbs-types';
import type { Params, RequestOptions } from './pve-types';
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

  waitForTask(upid: string, opts: WaitOptions = {}): Promise<PbsTaskStatus> {
    return pollTask((req) => this.taskStatus(upid, req), `/nodes/localhost/tasks/${upid}/status`, opts);
  }
}
