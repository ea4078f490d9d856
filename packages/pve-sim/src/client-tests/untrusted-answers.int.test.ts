import type { ServerResponse } from 'node:http';
import { DEFAULT_MAX_RESPONSE_BYTES, PbsClient, type PveClient, type PveClientOptions } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from './rejection';
import { answerVersion, peerClients, startTlsPeer, type TlsPeer } from './tls-peer';

// What a hostile or broken host can answer: bodies without end, lying Content-Length, redirects.

const MiB = 2 ** 20;
const HUGE = 500 * MiB;

/** What the peer managed to send before the client hung up. */
interface Stream {
  sent: number;
  /** resolves with the bytes sent when the response is closed (finished or cut) */
  closed: Promise<number>;
  finished: boolean;
}
let stream: Stream;

/** Streams `total` bytes of a JSON string, generated on the fly and paced by backpressure. */
function streamBody(res: ServerResponse, total: number, headers: Record<string, string> = {}): void {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const s: Stream = { sent: 0, closed: Promise.resolve(0), finished: false };
  s.closed = new Promise((resolve) => res.on('close', () => resolve(s.sent)));
  res.on('finish', () => (s.finished = true));
  stream = s;
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  res.write('{"data":"');
  const pump = (): void => {
    while (!res.destroyed && s.sent < total) {
      s.sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end('"}');
  };
  pump();
}

/** A valid envelope of exactly `bytes` bytes. */
function sized(res: ServerResponse, bytes: number, withLength: boolean): void {
  const body = `{"data":"${'x'.repeat(bytes - 11)}"}`;
  res.writeHead(200, { 'Content-Type': 'application/json', ...(withLength ? { 'Content-Length': String(bytes) } : {}) });
  if (withLength) res.end(body);
  else {
    // two writes: chunked transfer encoding, no Content-Length
    res.write(body.slice(0, 10));
    res.end(body.slice(10));
  }
}

let peer: TlsPeer;
let target: TlsPeer;
const clients = peerClients(10_000);
const client = (o: Partial<PveClientOptions> = {}): PveClient =>
  clients.client(peer, { baseUrl: `https://127.0.0.1:${peer.port}`, ...o });
const count = (p: string): number => peer.requests.filter((r) => r.startsWith(`/api2/json${p}`)).length;

beforeAll(async () => {
  target = await startTlsPeer('target.invalid');
  peer = await startTlsPeer('pve.invalid', (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    const bytes = Number(url.searchParams.get('bytes'));
    switch (url.pathname) {
      case '/api2/json/huge':
        return streamBody(res, HUGE);
      case '/api2/json/declared':
        // Announces 500 MB, sends a few bytes and waits: only the header can tell the client to stop.
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(HUGE) });
        res.write('{"data":"');
        stream = { sent: 9, closed: new Promise((resolve) => res.on('close', () => resolve(9))), finished: false };
        return;
      case '/api2/json/sized':
        return sized(res, bytes, url.searchParams.has('length'));
      case '/api2/json/redirect':
        res.writeHead(Number(url.searchParams.get('status')), {
          Location: `https://127.0.0.1:${target.port}/api2/json/version`,
        });
        return res.end();
      default:
        return answerVersion(req, res);
    }
  });
});
afterAll(async () => {
  await clients.closeAll();
  await Promise.all([peer.close(), target.close()]);
});

describe('answer size cap', () => {
  it('a 500 MB answer: too-large at 16 MiB, the socket cut early, memory bounded, the event loop free', async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * MiB);
    const c = client({ retries: 2, retryDelayMs: 1 });
    await c.version(); // TLS and the first allocations happen outside the measurement
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    let worstTick = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worstTick = Math.max(worstTick, now - last);
      last = now;
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 10);
    try {
      const err = await rejection(c.get('/huge'));
      expect(err).toMatchObject({ kind: 'too-large', limitBytes: DEFAULT_MAX_RESPONSE_BYTES, status: 200 });
      expect(err.message).toBe('GET /huge: answer larger than 16 MiB (HTTP 200)');
    } finally {
      clearInterval(ticker);
    }
    const sent = await stream.closed;
    expect(stream.finished).toBe(false);
    // The cap plus what sits in socket and TLS buffers, far from 500 MB.
    expect(sent).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES + 16 * MiB);
    expect(rssPeak - rssBefore).toBeLessThan(64 * MiB);
    expect(worstTick).toBeLessThan(200);
    // Not retried: the same host would send the same answer.
    expect(count('/huge')).toBe(1);
  });

  it('a Content-Length above the cap fails at once, without reading the body', async () => {
    const c = client({ timeoutMs: 5_000 });
    const t = performance.now();
    const err = await rejection(c.get('/declared'));
    expect(err).toMatchObject({ kind: 'too-large', limitBytes: DEFAULT_MAX_RESPONSE_BYTES });
    expect(performance.now() - t).toBeLessThan(1_000);
    // The client hung up: the peer's response is closed though it never ended.
    expect(await stream.closed).toBe(9);
    expect(stream.finished).toBe(false);
  });

  it('a custom cap: an answer of exactly the cap passes, one byte more fails, with or without Content-Length', async () => {
    const c = client({ maxResponseBytes: 1_000 });
    for (const length of [true, false]) {
      const q = `?bytes=%s${length ? '&length=1' : ''}`;
      expect(await c.get<string>(`/sized${q.replace('%s', '1000')}`)).toHaveLength(989);
      const err = await rejection(c.get(`/sized${q.replace('%s', '1001')}`));
      expect(err).toMatchObject({ kind: 'too-large', limitBytes: 1_000 });
      expect(err.message).toMatch(/answer larger than 1000 bytes/);
    }
    // PbsClient takes the same option.
    const pbs = new PbsClient({
      baseUrl: `https://127.0.0.1:${peer.port}`,
      fingerprint: peer.certificate.fingerprint,
      auth: { kind: 'token', tokenId: 'root@pam!portal', secret: 'secret' },
      maxResponseBytes: 100,
    });
    clients.track(pbs);
    expect((await rejection(pbs.get('/sized?bytes=101'))).kind).toBe('too-large');
    expect(() => client({ maxResponseBytes: 0 })).toThrow(RangeError);
  });
});

describe('redirects', () => {
  it.each([302, 307])('a %i to another listener is not followed: api-error, the target never asked', async (status) => {
    const c = client({ retries: 2 });
    const before = target.connections;
    const asked = count('/redirect');
    const err = await rejection(c.get(`/redirect?status=${status}`));
    expect(err).toMatchObject({ kind: 'api-error', status });
    expect(err.serverMessage).toBe('not a Proxmox VE API (redirect, not followed)');
    expect(target.connections).toBe(before);
    expect(target.requests).toEqual([]);
    expect(count('/redirect') - asked).toBe(1);
  });
});
