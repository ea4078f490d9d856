import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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
}

export interface ShellRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ShellHandler {
  handle(req: ShellRequest): Promise<ShellResponse> | ShellResponse;
  /** The answer of a flaky fault hit. */
  flaky(req: ShellRequest): ShellResponse;
}

const MAX_BODY = 1 << 20;

/**
 * One HTTPS listener with fault injection: refuse (port closed), hang (never answers),
 * slow, flaky (random 500s), rotate-certificate. Ticket expiry is handled by the auth layer.
 */
export class ServerShell {
  readonly server: https.Server;
  port = 0;
  latencyMs: number;
  fault: Fault | null = null;
  requests = 0;
  private host = '127.0.0.1';
  private listening = false;
  private readonly rng: Rng;
  private readonly hung = new Set<ServerResponse>();
  private spare: Promise<SimCertificate> | undefined;

  constructor(
    public cert: SimCertificate,
    private readonly commonName: string,
    private readonly organization: string,
    private readonly handler: ShellHandler,
    opts: { latencyMs?: number; seed: number },
  ) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.rng = createRng(opts.seed);
    this.server = https.createServer({ key: cert.key, cert: cert.cert, keepAliveTimeout: 5_000 }, (req, res) => {
      this.onRequest(req, res).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, String(err instanceof Error ? err.message : err).split('\n')[0]);
        }
        res.end();
      });
    });
    this.server.on('tlsClientError', () => {});
  }

  async listen(port: number, host: string): Promise<void> {
    this.host = host;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.listening = true;
    if (this.fault) this.setFault(this.fault);
  }

  setFault(fault: Fault | null): void {
    const wasRefusing = this.fault?.kind === 'refuse';
    this.fault = fault;
    if (fault?.kind === 'refuse' && this.listening) {
      this.listening = false;
      this.server.close();
      this.server.closeAllConnections();
    } else if (fault?.kind !== 'refuse' && wasRefusing && !this.listening) {
      // Binding an IP literal happens before any I/O callback, so callers may connect right away.
      this.server.listen(this.port, this.host);
      this.listening = true;
    }
    if (fault?.kind !== 'hang') this.releaseHung();
  }

  /** A new certificate (new fingerprint); open connections are dropped like a pveproxy restart. */
  async rotateCertificate(): Promise<SimCertificate> {
    const next = await (this.spare ?? createCertificate(this.commonName, this.organization));
    this.spare = undefined;
    this.cert = next;
    this.server.setSecureContext({ key: next.key, cert: next.cert });
    this.server.closeAllConnections();
    return next;
  }

  /** Pre-build the next certificate so a rotation needs no key work. */
  prepareRotation(): void {
    this.spare ??= createCertificate(this.commonName, this.organization);
  }

  async close(): Promise<void> {
    this.releaseHung();
    if (!this.listening) return;
    this.listening = false;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
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
    if (this.fault?.kind === 'hang') {
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      return;
    }
    const delay = this.latencyMs + (this.fault?.kind === 'slow' ? this.fault.delayMs : 0);
    if (delay > 0) await new Promise((r) => setImmediate(r));
    const sreq: ShellRequest = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'https://sim.invalid'),
      headers: req.headers,
      body,
    };
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
  res.end(payload);
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
