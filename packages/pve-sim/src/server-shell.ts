import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createRng, type Rng } from './rng';
import { createCertificate, type SimCertificate } from './tls';
import type { Fault } from './types';

/** What a product handler answers; the shell adds latency, faults and compression. */
export interface ShellResponse {
  status: number;
  reason?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Runs once the answer has been handed to the socket (e.g. a control path closing this node's port). */
  afterSend?: () => void;
}

export interface ShellRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ShellHandler {
  handle(req: ShellRequest): Promise<ShellResponse> | ShellResponse;
  /**
   * Simulator control paths (outside the product's API): answered before latency and faults other
   * than 'refuse' (no connection is kept), so tests can read them while a node hangs or flakes; undefined: not one.
   */
  control?(req: ShellRequest): ShellResponse | Promise<ShellResponse | undefined> | undefined;
  /** The answer of a flaky fault hit. */
  flaky(req: ShellRequest): ShellResponse;
}

const MAX_BODY = 1 << 20;

/**
 * One HTTPS listener with fault injection: refuse (every connection reset), hang (never answers),
 * slow, flaky (random 500s), rotate-certificate. Ticket expiry is handled by the auth layer.
 *
 * 'refuse' keeps the port bound: closing it (a real ECONNREFUSED) let another process of a parallel test
 * run bind the same ephemeral port meanwhile, and this node could not listen again when the fault was cleared.
 */
export class ServerShell {
  readonly server: https.Server;
  port = 0;
  latencyMs: number;
  fault: Fault | null = null;
  requests = 0;
  /** The last listen error (e.g. EADDRINUSE: the port was taken); cleared by a successful bind. */
  listenError: Error | undefined;
  private host = '127.0.0.1';
  private listening = false;
  private closed = false;
  private binding: Promise<void> | undefined;
  private readonly rng: Rng;
  private readonly hung = new Set<ServerResponse>();
  /**
   * Every TCP connection accepted and not closed, TLS handshake done or not: one still in its handshake is no
   * HTTP connection yet, which the server's closeAllConnections() does not know (it would finish its handshake
   * after a 'refuse' and be served).
   */
  private readonly sockets = new Set<Socket>();
  private spare: Promise<SimCertificate> | undefined;
  private readonly onCertificate: (cert: SimCertificate) => void;

  constructor(
    public cert: SimCertificate,
    private readonly commonName: string,
    private readonly organization: string,
    private readonly handler: ShellHandler,
    opts: { latencyMs?: number; seed: number; onCertificate?: (cert: SimCertificate) => void },
  ) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.rng = createRng(opts.seed);
    this.onCertificate = opts.onCertificate ?? (() => {});
    this.server = https.createServer({ key: cert.key, cert: cert.cert, keepAliveTimeout: 5_000 }, (req, res) => {
      this.onRequest(req, res).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, String(err instanceof Error ? err.message : err).split('\n')[0]);
        }
        res.end();
      });
    });
    this.server.on('tlsClientError', () => {});
    this.server.on('connection', (socket: Socket) => {
      // As a closed port to the client, short of ECONNREFUSED (which needs the port free): reset at once, before TLS.
      if (this.fault?.kind === 'refuse' || this.closed) {
        socket.resetAndDestroy();
        return;
      }
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // A server 'error' without a listener would crash the process. Bind errors are answered by bind();
    // anything else (rare: accept failures) is kept and reported, the simulator keeps running.
    this.server.on('error', (err) => {
      if (this.binding) return;
      this.listenError = err;
      process.emitWarning(`pve-sim: ${this.commonName}: server error: ${err.message}`);
    });
  }

  async listen(port: number, host: string): Promise<void> {
    this.host = host;
    this.port = port;
    await this.bind();
    this.port = (this.server.address() as AddressInfo).port;
    if (this.fault) await this.setFault(this.fault);
  }

  /**
   * Applies a fault; resolves once it is in effect: every open connection dropped and new ones reset
   * ('refuse'; the port stays bound, so clearing it serves at once), hung requests released, the new
   * certificate served ('rotate-certificate').
   */
  async setFault(fault: Fault | null): Promise<void> {
    this.fault = fault;
    if (fault?.kind !== 'hang') this.releaseHung();
    if (fault?.kind === 'refuse') this.dropConnections();
    if (fault?.kind === 'rotate-certificate') await this.rotateCertificate();
  }

  /** A new certificate (new fingerprint); open connections are dropped like a pveproxy restart. */
  async rotateCertificate(): Promise<SimCertificate> {
    // Take the spare synchronously: two rotations at once must not both serve the same certificate.
    const pending = this.spare ?? createCertificate(this.commonName, this.organization);
    this.spare = undefined;
    const next = await pending;
    this.cert = next;
    this.server.setSecureContext({ key: next.key, cert: next.cert });
    this.dropConnections();
    this.onCertificate(next);
    this.prepareRotation();
    return next;
  }

  /** Pre-build the next certificate so a rotation needs no key work. */
  prepareRotation(): void {
    if (this.spare) return;
    const spare = createCertificate(this.commonName, this.organization);
    // A failure surfaces at the rotation that awaits it, not as an unhandled rejection now.
    spare.catch(() => {});
    this.spare = spare;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.releaseHung();
    await this.binding?.catch(() => {});
    if (!this.listening) return;
    this.listening = false;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.dropConnections();
    });
  }

  /** Drops every open connection, in its TLS handshake or not (as a restarting pveproxy would). */
  private dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Binds host:port (one bind at a time); rejects with the port in the message, without crashing the process. */
  private bind(): Promise<void> {
    this.binding ??= new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException): void => {
        this.server.off('listening', onListening);
        const error = new Error(`pve-sim: ${this.commonName} cannot listen on ${this.host}:${this.port}: ${err.message}`, {
          cause: err,
        });
        this.listenError = error;
        reject(error);
      };
      const onListening = (): void => {
        this.server.off('error', onError);
        this.listening = true;
        this.listenError = undefined;
        resolve();
      };
      this.server.once('error', onError);
      this.server.once('listening', onListening);
      try {
        this.server.listen(this.port, this.host);
      } catch (err) {
        // Synchronous argument errors (bad port): no event follows.
        this.server.off('listening', onListening);
        this.server.off('error', onError);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    }).finally(() => {
      this.binding = undefined;
    });
    return this.binding;
  }

  private releaseHung(): void {
    for (const res of this.hung) res.destroy();
    this.hung.clear();
  }

  /**
   * Latency model: one simulator process plays many hosts on one CPU, but real hosts each have
   * their own. So an answer leaves at arrival + latency + the time its own handler took, and the
   * handler runs after every request already waiting has been stamped (setImmediate), not after
   * the latency: ten nodes answering at once do not queue behind each other's JSON unless the
   * shared CPU falls behind by more than the latency itself.
   */
  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = performance.now();
    this.requests++;
    const body = await readBody(req);
    const sreq: ShellRequest = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'https://sim.invalid'),
      headers: req.headers,
      body,
    };
    const control = await this.handler.control?.(sreq);
    if (control) {
      send(req, res, control);
      return;
    }
    if (this.fault?.kind === 'hang') {
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      return;
    }
    const delay = this.latencyMs + (this.fault?.kind === 'slow' ? this.fault.delayMs : 0);
    if (delay > 0) await new Promise((r) => setImmediate(r));
    const started = performance.now();
    const out =
      this.fault?.kind === 'flaky' && this.rng() < this.fault.rate ? this.handler.flaky(sreq) : await this.handler.handle(sreq);
    const due = arrived + delay + (performance.now() - started);
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (res.destroyed) return;
    send(req, res, out);
  }
}

function send(req: IncomingMessage, res: ServerResponse, out: ShellResponse): void {
  const headers: Record<string, string> = { ...out.headers };
  let payload: Buffer | undefined = out.body === undefined ? undefined : Buffer.from(out.body);
  if (payload && payload.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    payload = gzipSync(payload);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(payload?.length ?? 0);
  res.writeHead(out.status, sanitizeReason(out.reason), headers);
  const after = out.afterSend;
  if (after) res.end(payload, () => setImmediate(after));
  else res.end(payload);
}

function sanitizeReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  return reason.split('\n')[0]?.replace(/[^\t\x20-\x7e]/g, '?');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('request entity too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
