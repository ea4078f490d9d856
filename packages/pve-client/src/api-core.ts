import type { z } from 'zod';
import { isAgentAnswer } from './agent-errors';
import { abortReason, PveError, type PveErrorKind } from './errors';
import { encodeParams } from './params';
import type { Params, RequestOptions } from './pve-types';
import { TicketSchema, type FastCheck } from './schemas';
import type { ResolveAddress } from './resolve-address';
import { DEFAULT_MAX_RESPONSE_BYTES, Transport, type RawResponse } from './transport';

export type PveAuth =
  { kind: 'password'; username: string; password: string } | { kind: 'token'; tokenId: string; secret: string };

export interface PveClientOptions {
  /** https://host:8006 (PBS: https://host:8007); a trailing /api2/json is accepted */
  baseUrl: string;
  auth: PveAuth;
  /** SHA-256 'AA:BB:…' of the server certificate; absent: system CAs verify it */
  fingerprint?: string;
  /** per request (connect + answer), default 10000 */
  timeoutMs?: number;
  /** extra attempts for idempotent GETs, default 2 */
  retries?: number;
  /** first back-off, doubled per attempt, default 200 */
  retryDelayMs?: number;
  /** aborts every request of this client */
  signal?: AbortSignal;
  /** ticket age after which it is renewed before use, default 1 h (tickets live 2 h) */
  renewTicketAfterMs?: number;
  /** sockets per host, default 8 */
  maxConnections?: number;
  /** PEM of extra trusted CAs (e.g. the cluster's /etc/pve/pve-root-ca.pem), used when no fingerprint is pinned */
  ca?: string;
  /**
   * Outbound address policy, called before every new TCP connection (not for keep-alive reuse) with
   * the URL's host name (IPv6 without brackets; IP literals too). The socket connects to exactly the
   * returned address, with SNI and certificate checks for the URL's host name. Throwing or rejecting
   * refuses the connection: the call fails with kind 'address-refused' and the thrown error as `cause`.
   */
  resolveAddress?: ResolveAddress;
  /** largest answer body read, in bytes, default DEFAULT_MAX_RESPONSE_BYTES (16 MiB); beyond it: kind 'too-large' */
  maxResponseBytes?: number;
}

type Product = 'PVE' | 'PBS';

interface CallOptions extends RequestOptions {
  /** GETs are idempotent and may be retried */
  params?: Params;
}

/** Transport + authentication + envelope/error mapping shared by PveClient and PbsClient. */
export class ApiCore {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly renewAfterMs: number;
  private ticket: { ticket: string; csrf: string; at: number } | undefined;
  private pendingLogin: Promise<void> | undefined;

  constructor(
    private readonly product: Product,
    private readonly opts: PveClientOptions,
  ) {
    this.baseUrl = opts.baseUrl;
    this.transport = new Transport({
      baseUrl: opts.baseUrl,
      fingerprint: opts.fingerprint,
      maxConnections: opts.maxConnections ?? 8,
      ca: opts.ca,
      resolveAddress: opts.resolveAddress,
      maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    });
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.retries = opts.retries ?? 2;
    this.retryDelayMs = opts.retryDelayMs ?? 200;
    this.renewAfterMs = opts.renewTicketAfterMs ?? 3_600_000;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** Password auth: fetch a ticket now. Token auth: verify the token with GET /version. */
  async login(req: RequestOptions = {}): Promise<void> {
    if (this.opts.auth.kind === 'token') {
      await this.call('GET', '/version', { ...req });
      return;
    }
    this.ticket = undefined;
    await this.ensureTicket(req);
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    o: CallOptions = {},
  ): Promise<{ data: unknown; total?: number }> {
    const idempotent = method === 'GET';
    const attempts = 1 + (idempotent ? this.retries : 0);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await delay(this.retryDelayMs * 2 ** (attempt - 1), [this.opts.signal, o.signal]);
      try {
        return await this.callAuthenticated(method, path, o);
      } catch (err) {
        lastError = err;
        if (!(err instanceof PveError) || !isRetryable(err)) throw err;
      }
    }
    throw lastError;
  }

  private async callAuthenticated(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    o: CallOptions,
  ): Promise<{ data: unknown; total?: number }> {
    const auth = this.opts.auth;
    if (auth.kind === 'token') {
      const sep = this.product === 'PVE' ? '=' : ':';
      return this.parse(
        method,
        path,
        await this.raw(method, path, o, { Authorization: `${this.product}APIToken=${auth.tokenId}${sep}${auth.secret}` }),
      );
    }
    await this.ensureTicket(o);
    const used = this.ticket;
    let res = await this.raw(method, path, o, this.ticketHeaders(method));
    if (res.status === 401 && used) {
      // Expired or no longer accepted (server restarted, clock jump): log in again once and replay.
      // Safe for writes too: a 401 means the request was not executed.
      if (this.ticket === used) this.ticket = undefined;
      await this.ensureTicket(o);
      res = await this.raw(method, path, o, this.ticketHeaders(method));
    }
    return this.parse(method, path, res);
  }

  private ticketHeaders(method: string): Record<string, string> {
    const t = this.ticket;
    if (!t) return {};
    const h: Record<string, string> = { Cookie: `${this.product}AuthCookie=${encodeURIComponent(t.ticket)}` };
    if (method !== 'GET') h['CSRFPreventionToken'] = t.csrf;
    return h;
  }

  private async ensureTicket(req: RequestOptions): Promise<void> {
    const t = this.ticket;
    if (t && Date.now() - t.at < this.renewAfterMs) return;
    this.pendingLogin ??= this.fetchTicket(t?.ticket, req).finally(() => {
      this.pendingLogin = undefined;
    });
    await this.pendingLogin;
  }

  /** Renews with the current ticket as password when there is one, else uses the password. */
  private async fetchTicket(current: string | undefined, req: RequestOptions): Promise<void> {
    const auth = this.opts.auth;
    if (auth.kind !== 'password') return;
    if (current) {
      try {
        await this.postTicket(auth.username, current, req);
        return;
      } catch (err) {
        if (!(err instanceof PveError) || err.kind !== 'auth-failed') throw err;
      }
    }
    await this.postTicket(auth.username, auth.password, req);
  }

  private async postTicket(username: string, password: string, req: RequestOptions): Promise<void> {
    const res = await this.raw('POST', '/access/ticket', { ...req, params: { username, password } }, {});
    const { data } = this.parse('POST', '/access/ticket', res);
    const t = this.check(TicketSchema, data, 'POST', '/access/ticket');
    this.ticket = { ticket: t.ticket, csrf: t.CSRFPreventionToken, at: Date.now() };
  }

  private raw(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    o: CallOptions,
    headers: Record<string, string>,
  ): Promise<RawResponse> {
    const params = encodeParams(o.params);
    return this.transport.send({
      method,
      path,
      headers,
      timeoutMs: o.timeoutMs ?? this.timeoutMs,
      signals: [this.opts.signal, o.signal],
      ...(method === 'GET' || method === 'DELETE' ? { query: params } : { form: params }),
    });
  }

  /** Envelope and status mapping; PVE puts the message in the reason phrase, PBS in the body. */
  private parse(method: string, path: string, res: RawResponse): { data: unknown; total?: number } {
    const base = { method, path, status: res.status };
    if (/text\/html/i.test(res.contentType)) {
      throw new PveError({
        ...base,
        kind: 'api-error',
        serverMessage: `not a Proxmox ${this.productName()} API (got an HTML page)`,
      });
    }
    if (res.status >= 300 && res.status < 400) {
      // Proxmox never redirects its API; redirects are not followed (they could lead anywhere).
      throw new PveError({
        ...base,
        kind: 'api-error',
        serverMessage: `not a Proxmox ${this.productName()} API (redirect, not followed)`,
      });
    }
    let body: unknown;
    if (res.text.length > 0) {
      try {
        body = JSON.parse(res.text);
      } catch {
        body = undefined;
      }
    }
    if (res.status >= 200 && res.status < 300) {
      if (!body || typeof body !== 'object' || !('data' in body)) {
        throw new PveError({
          ...base,
          kind: 'api-error',
          serverMessage: `not a Proxmox ${this.productName()} API (no data envelope)`,
        });
      }
      const env = body as { data: unknown; total?: unknown };
      return typeof env.total === 'number' ? { data: env.data, total: env.total } : { data: env.data };
    }
    const obj = body && typeof body === 'object' ? (body as { message?: unknown; errors?: unknown }) : undefined;
    const bodyMessage =
      typeof obj?.message === 'string' ? obj.message : this.product === 'PBS' && body === undefined ? res.text : undefined;
    const serverMessage = (bodyMessage ?? res.statusText).trim();
    const errors = obj?.errors && typeof obj.errors === 'object' ? (obj.errors as Record<string, string>) : undefined;
    throw new PveError({ ...base, kind: statusKind(res.status, serverMessage), serverMessage, ...(errors ? { errors } : {}) });
  }

  check<S extends z.ZodType>(schema: S, data: unknown, method: string, path: string): z.output<S>;
  check<T>(schema: FastCheck<T>, data: unknown, method: string, path: string): T;
  check(schema: z.ZodType | FastCheck<unknown>, data: unknown, method: string, path: string): unknown;
  check(schema: z.ZodType | FastCheck<unknown>, data: unknown, method: string, path: string): unknown {
    const base = { kind: 'api-error' as const, method, path };
    if (typeof schema === 'function') {
      const r = schema(data);
      if (r.ok) return r.value;
      throw new PveError({ ...base, serverMessage: `not a Proxmox ${this.productName()} API (${r.where})` });
    }
    const r = schema.safeParse(data);
    if (r.success) return r.data;
    const issue = r.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected answer';
    throw new PveError({ ...base, serverMessage: `not a Proxmox ${this.productName()} API (${where})`, cause: r.error });
  }

  private productName(): string {
    return this.product === 'PVE' ? 'VE' : 'Backup Server';
  }
}

function statusKind(status: number, message: string): PveErrorKind {
  if (status === 401) return 'auth-failed';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 501) return 'not-found';
  if (status === 595 || status === 596) return 'unreachable';
  if (/does not exist$|^hostname lookup '.*' failed|^no such (task|node)/.test(message)) return 'not-found';
  return 'api-error';
}

/** Transient failures only; a refused address, an oversized answer or a TLS problem would fail again. */
export function isRetryable(err: PveError): boolean {
  switch (err.kind) {
    case 'unreachable':
    case 'timeout':
      return true;
    case 'api-error':
      return err.status !== undefined && err.status >= 500 && !isAgentAnswer(err);
    case 'tls-fingerprint-mismatch':
    case 'tls-untrusted':
    case 'auth-failed':
    case 'forbidden':
    case 'not-found':
    case 'address-refused':
    case 'too-large':
      return false;
  }
}

function delay(ms: number, signals: (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const active = signals.filter((s): s is AbortSignal => s !== undefined);
    const aborted = active.find((s) => s.aborted);
    if (aborted) {
      reject(abortReason(aborted));
      return;
    }
    const onAbort = (e: Event): void => {
      clearTimeout(timer);
      reject(abortReason(e.target as AbortSignal));
    };
    const timer = setTimeout(() => {
      for (const s of active) s.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    for (const s of active) s.addEventListener('abort', onAbort, { once: true });
  });
}
