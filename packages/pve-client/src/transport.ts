import { checkServerIdentity, rootCertificates, type PeerCertificate, type TLSSocket } from 'node:tls';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { abortReason, PveError } from './errors';
import { normalizeFingerprint } from './fingerprint';
import { classifyNetworkError } from './net-errors';
import { AddressRefused, resolveChecked, serverName, type ResolveAddress } from './resolve-address';

export interface RawResponse {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

export interface SendOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** below /api2/json, already encoded */
  path: string;
  query?: URLSearchParams;
  form?: URLSearchParams;
  headers: Record<string, string>;
  timeoutMs: number;
  signals: (AbortSignal | undefined)[];
}

/** Default for PveClientOptions.maxResponseBytes: the largest answer the client reads (16 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface TransportOptions {
  baseUrl: string;
  /** pinned SHA-256; absent: CAs verify the certificate */
  fingerprint?: string | undefined;
  maxConnections: number;
  /** extra trusted CAs (PEM), added to the system ones */
  ca?: string | undefined;
  resolveAddress?: ResolveAddress | undefined;
  maxResponseBytes: number;
}

class FingerprintMismatch extends Error {
  constructor(readonly actual: string) {
    super(`certificate fingerprint ${actual} does not match the pinned one`);
  }
}

class TimeoutMarker extends Error {}

/**
 * HTTPS to one Proxmox host: a keep-alive pool, TLS verified by a pinned SHA-256 fingerprint
 * (CA checks off) or by the system CAs, a deadline per request, an optional outbound address
 * policy consulted before every new connection, and a cap on the size of an answer.
 * Redirects are never followed (undici's `request` does not; a 3xx is an answer like any other).
 */
export class Transport {
  readonly origin: string;
  readonly prefix: string;
  private readonly agent: Agent;
  private readonly maxResponseBytes: number;

  constructor(o: TransportOptions) {
    const url = new URL(o.baseUrl);
    this.origin = url.origin;
    this.prefix = `${url.pathname.replace(/\/+$/, '').replace(/\/api2\/json$/, '')}/api2/json`;
    if (!Number.isSafeInteger(o.maxResponseBytes) || o.maxResponseBytes <= 0) {
      throw new RangeError(`maxResponseBytes must be a positive integer, got ${o.maxResponseBytes}`);
    }
    this.maxResponseBytes = o.maxResponseBytes;
    const pinned = o.fingerprint === undefined ? undefined : normalizeFingerprint(o.fingerprint);
    // Extra CAs are added to the system ones (tls.rootCertificates), not replacing them.
    const trust: buildConnector.BuildOptions = pinned
      ? { rejectUnauthorized: false, maxCachedSessions: 0 }
      : o.ca
        ? { ca: [...rootCertificates, o.ca] }
        : {};
    // The socket goes to the policy's address, so the certificate is checked against the URL's
    // host name explicitly (Node would otherwise fall back to the address for IP literals).
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const base = buildConnector(
      o.resolveAddress && !pinned
        ? { ...trust, checkServerIdentity: (_h: string, cert: PeerCertificate) => checkServerIdentity(hostname, cert) }
        : trust,
    );
    const resolved = o.resolveAddress ? resolvingConnector(base, o.resolveAddress) : base;
    this.agent = new Agent({
      connections: o.maxConnections,
      keepAliveTimeout: 4_000,
      connect: pinned ? pinningConnector(resolved, pinned) : resolved,
    });
  }

  async send(o: SendOptions): Promise<RawResponse> {
    return this.request(o, (res, base) => readAll(res, base, this.maxResponseBytes));
  }

  /**
   * Like send, but a 2xx body goes to `consume` as it arrives, capped at `maxBytes` (kind 'too-large' past it, the
   * socket cut); any other answer is read whole (the usual cap) for the caller's error mapping.
   */
  async sendStream<T>(
    o: SendOptions,
    maxBytes: number,
    consume: (body: AsyncIterable<Buffer>) => Promise<T>,
  ): Promise<StreamOutcome<T>> {
    return this.request(o, async (res, base) => {
      if (res.statusCode < 200 || res.statusCode >= 300)
        return { ok: false, raw: await readAll(res, base, this.maxResponseBytes) };
      if (Number(firstHeader(res.headers['content-length'])) > maxBytes) throw tooLarge(res, base, maxBytes);
      return { ok: true, value: await consume(capped(res, base, maxBytes)) };
    });
  }

  /** One request with the deadline, the signals and the error mapping; `handle` reads the answer. */
  private async request<T>(
    o: SendOptions,
    handle: (res: Dispatcher.ResponseData, base: { method: string; path: string }) => Promise<T>,
  ): Promise<T> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutMarker()), o.timeoutMs);
    const user = o.signals.filter((s): s is AbortSignal => s !== undefined);
    const signal = user.length > 0 ? AbortSignal.any([timeout.signal, ...user]) : timeout.signal;
    const query = o.query && o.query.size > 0 ? `?${o.query.toString()}` : '';
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const base = { method: o.method, path: o.path };
    try {
      const res = await request(`${this.origin}${this.prefix}${o.path}${query}`, {
        method: o.method,
        headers,
        body: o.form?.toString(),
        dispatcher: this.agent,
        signal,
      });
      return await handle(res, base);
    } catch (err) {
      if (err instanceof PveError) throw err;
      const aborted = user.find((s) => s.aborted);
      if (aborted) throw abortReason(aborted);
      const failed = { ...base, cause: err };
      if (timeout.signal.aborted) throw new PveError({ ...failed, kind: 'timeout' });
      if (err instanceof FingerprintMismatch) {
        throw new PveError({ ...failed, kind: 'tls-fingerprint-mismatch', actualFingerprint: err.actual });
      }
      if (err instanceof AddressRefused) throw new PveError({ ...base, kind: 'address-refused', cause: err.reason });
      throw new PveError({ ...failed, kind: classifyNetworkError(err) ?? 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** What sendStream answers: the consumer's value, or a non-2xx answer read whole. */
export type StreamOutcome<T> = { ok: true; value: T } | { ok: false; raw: RawResponse };

/** Destroying the body aborts the request, which closes the socket: nothing more is read. */
function tooLarge(res: Dispatcher.ResponseData, base: { method: string; path: string }, limitBytes: number): PveError {
  // The abort error it emits is our own doing (and unobserved when no read was started).
  res.body.on('error', () => {}).destroy();
  return new PveError({ ...base, kind: 'too-large', status: res.statusCode, limitBytes });
}

/** The whole body (chunks kept, never more than the cap, decoded once at the end). */
async function readAll(
  res: Dispatcher.ResponseData,
  base: { method: string; path: string },
  limit: number,
): Promise<RawResponse> {
  if (Number(firstHeader(res.headers['content-length'])) > limit) throw tooLarge(res, base, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(res, base, limit);
    chunks.push(chunk);
  }
  return {
    status: res.statusCode,
    statusText: res.statusText,
    contentType: firstHeader(res.headers['content-type']),
    text: new TextDecoder().decode(Buffer.concat(chunks, size)),
  };
}

/** The body's chunks as they come, failing with 'too-large' once more than `limit` bytes arrived. */
async function* capped(
  res: Dispatcher.ResponseData,
  base: { method: string; path: string },
  limit: number,
): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(res, base, limit);
    yield chunk;
  }
}

function firstHeader(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * Asks the policy before every new connection and connects to exactly the address it returns
 * (no second DNS lookup, so no rebinding between check and connect). SNI keeps the URL's host
 * name; IP literals send none. Keep-alive reuse opens no connection and asks nothing.
 */
function resolvingConnector(base: buildConnector.connector, resolve: ResolveAddress): buildConnector.connector {
  return (opts, cb) => {
    // undici passes the host name without IPv6 brackets
    resolveChecked(resolve, opts.hostname).then(
      (address) => {
        const servername = serverName(opts.hostname);
        try {
          base({ ...opts, hostname: address, ...(servername ? { servername } : {}) }, cb);
        } catch (err) {
          cb(err instanceof Error ? err : new Error(String(err)), null);
        }
      },
      (err: unknown) => cb(err instanceof Error ? err : new AddressRefused(err), null),
    );
  };
}

/** Accepts a TLS socket only when its leaf certificate has the pinned SHA-256 fingerprint. */
function pinningConnector(base: buildConnector.connector, pinned: string): buildConnector.connector {
  return (opts, cb) => {
    base(opts, (err, socket) => {
      if (err || !socket) {
        cb(err ?? new Error('no socket'), null);
        return;
      }
      const actual = (socket as TLSSocket).getPeerCertificate().fingerprint256;
      if (actual !== pinned) {
        socket.destroy();
        cb(new FingerprintMismatch(actual ?? 'none'), null);
        return;
      }
      cb(null, socket);
    });
  };
}
