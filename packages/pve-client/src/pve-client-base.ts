import { ApiCore, type PveClientOptions } from './api-core';
import type { Params, RequestOptions } from './pve-types';
import * as S from './schemas';

/**
 * What every part of PveClient shares: the API core (transport, auth, envelope) and the untyped calls. PveClient
 * is split by concern into a chain of classes (this base, agent, backups and restores, the rest).
 */
export class PveClientBase {
  protected readonly core: ApiCore;

  constructor(opts: PveClientOptions) {
    this.core = new ApiCore('PVE', opts);
  }

  get baseUrl(): string {
    return this.core.baseUrl;
  }

  /** Password auth: gets a ticket and CSRF token now. Token auth: checks the token (GET /version). */
  login(req?: RequestOptions): Promise<void> {
    return this.core.login(req);
  }

  /** Closes the connection pool. */
  close(): Promise<void> {
    return this.core.close();
  }

  /** GET below /api2/json, for endpoints without a typed method. */
  async get<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return (await this.core.call('GET', p, { ...req, ...(params ? { params } : {}) })).data as T;
  }

  /** POST below /api2/json, for endpoints without a typed method. Never retried. */
  post<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return this.send<T>('POST', p, params, req);
  }

  /** PUT below /api2/json (form body), for endpoints without a typed method. Never retried. */
  put<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return this.send<T>('PUT', p, params, req);
  }

  /** DELETE below /api2/json (params in the query string; PVE refuses a body), for endpoints without a typed method. Never retried. */
  delete<T = unknown>(p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return this.send<T>('DELETE', p, params, req);
  }

  protected async send<T>(method: 'POST' | 'PUT' | 'DELETE', p: string, params?: Params, req?: RequestOptions): Promise<T> {
    return (await this.core.call(method, p, { ...req, ...(params ? { params } : {}) })).data as T;
  }

  protected async read<T>(p: string, schema: Parameters<ApiCore['check']>[0], params?: Params, req?: RequestOptions): Promise<T> {
    const data = await this.get(p, params, req);
    return this.core.check(schema, data, 'GET', p) as T;
  }

  protected async startTask(
    p: string,
    params?: Params,
    req?: RequestOptions,
    method: 'POST' | 'DELETE' = 'POST',
  ): Promise<string> {
    const data = await this.send(method, p, params, req);
    return this.core.check(S.UpidSchema, data, method, p);
  }

  /** A write whose answer is checked (POST by default). */
  protected async sendChecked<T>(
    p: string,
    schema: Parameters<ApiCore['check']>[0],
    params?: Params,
    req?: RequestOptions,
    method: 'POST' | 'PUT' | 'DELETE' = 'POST',
  ): Promise<T> {
    return this.core.check(schema, await this.send(method, p, params, req), method, p) as T;
  }
}
