import { rootCertificates, type TLSSocket } from 'node:tls';
import { Agent, buildConnector, request } from 'undici';
import { abortReason, PveError } from './errors';
import { normalizeFingerprint } from './fingerprint';
import { classifyNetworkError } from './net-errors';

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

class FingerprintMismatch extends Error {
  constructor(readonly actual: string) {
    super(`certificate fingerprint ${actual} does not match the pinned one`);
  }
}

class TimeoutMarker extends Error {}

/**
 * HTTPS to one Proxmox host: a keep-alive pool, TLS verified by a pinned SHA-256 fingerprint
 * (CA checks off) or by the system CAs, and a deadline per request.
 */
export class Transport {
  readonly origin: string;
  readonly prefix: string;
  private readonly agent: Agent;

  constructor(baseUrl: string, fingerprint: string | undefined, maxConnections: number, ca?: string) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.prefix = `${url.pathname.replace(/\/+$/, '').replace(/\/api2\/json$/, '')}/api2/json`;
    const pinned = fingerprint === undefined ? undefined : normalizeFingerprint(fingerprint);
    // Extra CAs are added to the system ones (tls.rootCertificates), not replacing them.
    const base = buildConnector(
      pinned ? { rejectUnauthorized: false, maxCachedSessions: 0 } : ca ? { ca: [...rootCertificates, ca] } : {},
    );
    this.agent = new Agent({
      connections: maxConnections,
      keepAliveTimeout: 4_000,
      connect: pinned
        ? (opts, cb) => {
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
          }
        : base,
    });
  }

  async send(o: SendOptions): Promise<RawResponse> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutMarker()), o.timeoutMs);
    const user = o.signals.filter((s): s is AbortSignal => s !== undefined);
    const signal = user.length > 0 ? AbortSignal.any([timeout.signal, ...user]) : timeout.signal;
    const query = o.query && o.query.size > 0 ? `?${o.query.toString()}` : '';
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    try {
      const res = await request(`${this.origin}${this.prefix}${o.path}${query}`, {
        method: o.method,
        headers,
        body: o.form?.toString(),
        dispatcher: this.agent,
        signal,
      });
      const text = await res.body.text();
      const ct = res.headers['content-type'];
      return {
        status: res.statusCode,
        statusText: res.statusText,
        contentType: Array.isArray(ct) ? (ct[0] ?? '') : (ct ?? ''),
        text,
      };
    } catch (err) {
      const aborted = user.find((s) => s.aborted);
      if (aborted) throw abortReason(aborted);
      const base = { method: o.method, path: o.path, cause: err };
      if (timeout.signal.aborted) throw new PveError({ ...base, kind: 'timeout' });
      if (err instanceof FingerprintMismatch) {
        throw new PveError({ ...base, kind: 'tls-fingerprint-mismatch', actualFingerprint: err.actual });
      }
      throw new PveError({ ...base, kind: classifyNetworkError(err) ?? 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
