import type { z } from 'zod';
import { delay, isRetryable, parseEnvelope, productName, type Product } from './api-envelope';
import { PveError } from './errors';
import { encodeParams } from './params';
import type { Params, RequestOptions } from './pve-types';
import { TicketSchema, type FastCheck } from './schemas';
import type { ResolveAddress } from './resolve-address';
import { DEFAULT_MAX_RESPONSE_BYTES, Transport, type RawResponse, type StreamOutcome } from './transport';

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
    return this.retrying(method, o, async () => {
      const res = await this.authenticated(
        method,
        o,
        (h) => this.raw(method, path, o, h),
        (r) => r.status,
      );
      return parseEnvelope(this.product, method, path, res);
    });
  }

  /**
   * A GET whose 2xx body is handed to `consume` as it arrives (at most `maxBytes`, else kind 'too-large');
   * other answers are read whole and mapped like call()'s. Retried like any GET (consume starts afresh).
   */
  callStream<T>(
    path: string,
    o: CallOptions,
    maxBytes: number,
    consume: (body: AsyncIterable<Buffer>) => Promise<T>,
  ): Promise<T> {
    return this.retrying('GET', o, async () => {
      const send = (headers: Record<string, string>): Promise<StreamOutcome<T>> =>
        this.transport.sendStream(
          {
            method: 'GET',
            path,
            headers,
            timeoutMs: o.timeoutMs ?? this.timeoutMs,
            signals: [this.opts.signal, o.signal],
            query: encodeParams(o.params),
          },
          maxBytes,
          consume,
        );
      const res = await this.authenticated('GET', o, send, (r) => (r.ok ? 200 : r.raw.status));
      if (res.ok) return res.value;
      parseEnvelope(this.product, 'GET', path, res.raw);
      throw new PveError({ kind: 'api-error', method: 'GET', path, status: res.raw.status, serverMessage: 'unexpected answer' });
    });
  }

  /** Idempotent GETs get `retries` more attempts on transient failures, with a doubling back-off. */
  private async retrying<T>(method: string, o: CallOptions, once: () => Promise<T>): Promise<T> {
    const attempts = 1 + (method === 'GET' ? this.retries : 0);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await delay(this.retryDelayMs * 2 ** (attempt - 1), [this.opts.signal, o.signal]);
      try {
        return await once();
      } catch (err) {
        lastError = err;
        if (!(err instanceof PveError) || !isRetryable(err)) throw err;
      }
    }
    throw lastError;
  }

  /** Sends with the token header, or with the ticket (renewed first when old, replayed once after a 401). */
  private async authenticated<R>(
    method: string,
    o: CallOptions,
    send: (headers: Record<string, string>) => Promise<R>,
    status: (r: R) => number,
  ): Promise<R> {
    const auth = this.opts.auth;
    if (auth.kind === 'token') {
      const sep = this.product === 'PVE' ? '=' : ':';
      return send({ Authorization: `${this.product}APIToken=${auth.tokenId}${sep}${auth.secret}` });
    }
    await this.ensureTicket(o);
    const used = this.ticket;
    let res = await send(this.ticketHeaders(method));
    if (status(res) === 401 && used) {
      // Expired or no longer accepted (server restarted, clock jump): log in again once and replay.
      // Safe for writes too: a 401 means the request was not executed.
      if (this.ticket === used) this.ticket = undefined;
      await this.ensureTicket(o);
      res = await send(this.ticketHeaders(method));
    }
    return res;
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
    const { data } = parseEnvelope(this.product, 'POST', '/access/ticket', res);
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

  check<S extends z.ZodType>(schema: S, data: unknown, method: string, path: string): z.output<S>;
  check<T>(schema: FastCheck<T>, data: unknown, method: string, path: string): T;
  check(schema: z.ZodType | FastCheck<unknown>, data: unknown, method: string, path: string): unknown;
  check(schema: z.ZodType | FastCheck<unknown>, data: unknown, method: string, path: string): unknown {
    const base = { kind: 'api-error' as const, method, path };
    if (typeof schema === 'function') {
      const r = schema(data);
      if (r.ok) return r.value;
      throw new PveError({ ...base, serverMessage: `not a Proxmox ${productName(this.product)} API (${r.where})` });
    }
    const r = schema.safeParse(data);
    if (r.success) return r.data;
    const issue = r.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected answer';
    throw new PveError({ ...base, serverMessage: `not a Proxmox ${productName(this.product)} API (${where})`, cause: r.error });
  }
}
