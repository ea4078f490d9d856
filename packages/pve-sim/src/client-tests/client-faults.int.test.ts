import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fetchFingerprint, PveClient, type PveClientOptions } from '@proxai/pve-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { generateFleet } from '../generator';
import { createCertificate } from '../tls';
import { rejection } from './rejection';

// The client under every simulated fault, ticket expiry/renewal and TLS pinning.

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let fleet: Fleet;
let n: Fleet['nodes'][number];
const clients: PveClient[] = [];
function client(o: Partial<PveClientOptions> = {}, auth: 'password' | 'token' = 'token'): PveClient {
  const c = new PveClient({
    baseUrl: n.url,
    fingerprint: n.fingerprint,
    auth:
      auth === 'password'
        ? { kind: 'password', username: 'root@pam', password: n.password }
        : { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
    retryDelayMs: 20,
    ...o,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  const spec = generateFleet({ nodes: 2, guests: 10, seed: 11 });
  spec.ticketLifetimeSec = 3;
  fleet = await startFleet(spec, { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
});
afterEach(() => fleet.setFault(n.name, null));
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await fleet.close();
});

describe('network faults', () => {
  it('refused connections: unreachable, after the bounded retries', async () => {
    await fleet.setFault(n.name, { kind: 'refuse' });
    const c = client({ retries: 2 });
    const t = performance.now();
    expect((await rejection(c.version())).kind).toBe('unreachable');
    expect(performance.now() - t).toBeGreaterThanOrEqual(20 + 40 - 5);
    await fleet.setFault(n.name, null);
    expect((await c.version()).version).toBeTruthy();
  });

  it('a server that never answers: timeout, per client and per request', async () => {
    await fleet.setFault(n.name, { kind: 'hang' });
    const c = client({ timeoutMs: 200, retries: 0 });
    let t = performance.now();
    expect((await rejection(c.version())).kind).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(3_000);
    const patient = client({ timeoutMs: 30_000, retries: 0 });
    t = performance.now();
    expect((await rejection(patient.nodes({ timeoutMs: 150 }))).kind).toBe('timeout');
    expect(performance.now() - t).toBeLessThan(3_000);
  });

  it('a caller abort rejects with the abort reason, not a PveError', async () => {
    await fleet.setFault(n.name, { kind: 'hang' });
    const c = client({ retries: 0 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await expect(c.version({ signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const clientWide = new AbortController();
    const c2 = client({ retries: 2, signal: clientWide.signal });
    clientWide.abort(new Error('portal shutting down'));
    await expect(c2.version()).rejects.toThrow('portal shutting down');
  });

  it('slow answers succeed within the timeout and time out beyond it', async () => {
    await fleet.setFault(n.name, { kind: 'slow', delayMs: 300 });
    const c = client({ timeoutMs: 2_000, retries: 0 });
    const t = performance.now();
    await c.version();
    expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    expect((await rejection(c.version({ timeoutMs: 100 }))).kind).toBe('timeout');
  });

  it('intermittent 500s: reads are retried (bounded), writes are not', async () => {
    const state = fleet.node(n.name);
    await fleet.setFault(n.name, { kind: 'flaky', rate: 1 });
    const c = client({ retries: 2 });
    let before = state.stats.requests;
    const err = await rejection(c.version());
    expect(err).toMatchObject({ kind: 'api-error', status: 500, serverMessage: 'ipcc_send_rec[1] failed: Connection refused' });
    expect(state.stats.requests - before).toBe(3);
    const vmid = [...state.guests.values()].find((g) => g.type === 'qemu')!.vmid;
    before = state.stats.requests;
    expect((await rejection(c.guestAction(n.name, 'qemu', vmid, 'stop'))).status).toBe(500);
    expect(state.stats.requests - before).toBe(1);
    await fleet.setFault(n.name, { kind: 'flaky', rate: 0.3 });
    const robust = client({ retries: 6 });
    for (let i = 0; i < 20; i++) expect((await robust.qemuList(n.name)).length).toBeGreaterThan(0);
  });
});

describe('tickets', () => {
  it('expired tickets (fault): the client logs in again once and replays the request', async () => {
    const state = fleet.node(n.name);
    const c = client({}, 'password');
    await c.version();
    const logins = state.stats.logins;
    await fleet.setFault(n.name, { kind: 'expire-tickets' });
    const vmid = [...state.guests.values()].find((g) => g.type === 'qemu' && g.status === 'stopped')?.vmid ?? 100;
    // A write: the 401 (not executed) is replayed with a fresh ticket and CSRF token.
    await c.guestAction(n.name, 'qemu', vmid, 'stop');
    expect(state.stats.logins - logins).toBe(1);
    await c.version();
    expect(state.stats.logins - logins).toBe(1);
  });

  it('renews the ticket before it expires', async () => {
    const state = fleet.node(n.name);
    const c = client({ renewTicketAfterMs: 1_000 }, 'password');
    await c.version();
    const { logins, ticketRenewals, failedAuth } = state.stats;
    await sleep(1_200);
    await c.nodes();
    await sleep(1_200);
    await c.nodes();
    await sleep(1_200);
    await c.nodes();
    expect(state.stats.ticketRenewals - ticketRenewals).toBeGreaterThanOrEqual(2);
    expect(state.stats.logins).toBe(logins);
    expect(state.stats.failedAuth).toBe(failedAuth);
  });

  it('recovers when a ticket outlived its lifetime without renewal', async () => {
    const state = fleet.node(n.name);
    const c = client({}, 'password');
    await c.version();
    const logins = state.stats.logins;
    await sleep(3_300);
    await c.nodes();
    expect(state.stats.logins - logins).toBe(1);
  });

  it('auth-failed when the password changed meanwhile', async () => {
    const c = new PveClient({
      baseUrl: n.url,
      fingerprint: n.fingerprint,
      auth: { kind: 'password', username: 'root@pam', password: 'old-password' },
    });
    clients.push(c);
    expect((await rejection(c.nodes())).kind).toBe('auth-failed');
  });
});

describe('TLS', () => {
  it("a client pinned to node A's fingerprint is refused by node B (every host has its own certificate)", async () => {
    const a = fleet.nodes[0]!;
    const b = fleet.nodes[1]!;
    expect(b.fingerprint).not.toBe(a.fingerprint);
    const c = new PveClient({
      baseUrl: b.url,
      fingerprint: a.fingerprint,
      auth: { kind: 'token', tokenId: b.tokenId, secret: b.tokenSecret },
      retries: 0,
    });
    clients.push(c);
    const err = await rejection(c.version());
    expect(err.kind).toBe('tls-fingerprint-mismatch');
    expect(err.actualFingerprint).toBe(b.fingerprint);
    // The same client settings with B's own fingerprint work.
    const right = new PveClient({
      baseUrl: b.url,
      fingerprint: b.fingerprint,
      auth: { kind: 'token', tokenId: b.tokenId, secret: b.tokenSecret },
      retries: 0,
    });
    clients.push(right);
    expect((await right.version()).version).toBeTruthy();
  });

  it('refuses a changed certificate (fingerprint mismatch), TOFU reads the new one', async () => {
    const c = client({ retries: 2 });
    await c.version();
    const old = n.fingerprint;
    await fleet.setFault(n.name, { kind: 'rotate-certificate' });
    const err = await rejection(c.version());
    expect(err.kind).toBe('tls-fingerprint-mismatch');
    expect(err.actualFingerprint).not.toBe(old);
    const seen = await fetchFingerprint(n.url);
    expect(seen).toBe(err.actualFingerprint);
    expect(seen).toBe(n.fingerprint);
    const repinned = new PveClient({
      baseUrl: n.url,
      fingerprint: seen.replace(/:/g, '').toLowerCase(),
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
    });
    clients.push(repinned);
    expect((await repinned.version()).version).toBeTruthy();
  });

  it('without a fingerprint: the system CAs plus the given ones verify the certificate', async () => {
    const trusted = new PveClient({
      baseUrl: n.url,
      ca: n.certificatePem,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      retries: 0,
    });
    clients.push(trusted);
    expect((await trusted.version()).version).toBeTruthy();
  });

  it('without a fingerprint the system CAs reject a self-signed host', async () => {
    const bare = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      retries: 0,
    });
    clients.push(bare);
    expect((await rejection(bare.version())).kind).toBe('tls-untrusted');
  });

  it('fetchFingerprint reports unreachable hosts', async () => {
    await fleet.setFault(n.name, { kind: 'refuse' });
    await expect(fetchFingerprint(n.url, { timeoutMs: 1_000 })).rejects.toMatchObject({ kind: 'unreachable' });
  });
});

describe('waiting for tasks', () => {
  it('waitForTask gives up with a timeout error', async () => {
    const slowFleet = await startFleet(generateFleet({ nodes: 1, guests: 4, seed: 2, pbs: false }), { taskDurationMs: 5_000 });
    const sn = slowFleet.nodes[0]!;
    const c = new PveClient({
      baseUrl: sn.url,
      fingerprint: sn.fingerprint,
      auth: { kind: 'token', tokenId: sn.tokenId, secret: sn.tokenSecret },
    });
    try {
      const vmid = [...slowFleet.node(sn.name).guests.values()][0]!.vmid;
      const type = slowFleet.node(sn.name).guest(vmid).type;
      const upid = await c.guestAction(sn.name, type, vmid, 'stop').catch(() => c.guestAction(sn.name, type, vmid, 'start'));
      expect((await rejection(c.waitForTask(sn.name, upid, { pollMs: 20, timeoutMs: 150 }))).kind).toBe('timeout');
    } finally {
      await c.close();
      await slowFleet.close();
    }
  });
});

describe('a server that is not Proxmox VE', () => {
  let server: https.Server;
  let url: string;
  let fingerprint: string;
  let answer: { type: string; body: string; status?: number } = { type: 'text/html', body: '<html>router login</html>' };
  beforeAll(async () => {
    const cert = await createCertificate('router', 'Acme');
    fingerprint = cert.fingerprint;
    server = https.createServer({ key: cert.key, cert: cert.cert }, (_req, res) => {
      res.writeHead(answer.status ?? 200, { 'Content-Type': answer.type });
      res.end(answer.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers api-error "not a Proxmox VE API" for HTML, for JSON without envelope and for a wrong shape', async () => {
    const c = new PveClient({
      baseUrl: url,
      fingerprint,
      auth: { kind: 'token', tokenId: 'root@pam!x', secret: 's' },
      retries: 0,
    });
    clients.push(c);
    for (const a of [
      { type: 'text/html', body: '<html>router login</html>' },
      { type: 'application/json', body: '{"status":"ok"}' },
      { type: 'application/json', body: '{"data":{"name":"something else"}}' },
    ]) {
      answer = a;
      const err = await rejection(c.version());
      expect(err.kind).toBe('api-error');
      expect(err.serverMessage).toMatch(/^not a Proxmox VE API/);
    }
    answer = { type: 'text/html', body: '<h1>404</h1>', status: 404 };
    expect((await rejection(c.version())).serverMessage).toMatch(/^not a Proxmox VE API/);
  });
});
