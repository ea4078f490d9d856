import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { createTestApp, type TestApp } from '../../testing/app';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { buildUser } from '../../testing/factories';
import {
  closedPort,
  httpsListener,
  plainHttpListener,
  resettingListener,
  silentListener,
  type Listener,
} from '../../testing/listeners';
import { trackSecret } from '../../testing/secrets';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { countHosts } from './hosts.repository';
import { giveLicence, passwordBody } from './hosts.testing';
import { CONNECT_ATTEMPTS_PER_MINUTE } from './hosts.routes';

/**
 * Adding a host must not be an SSRF or a port scanner (issue: security review, point 1): the default policy
 * refuses loopback, every failure to connect reads the same, nothing the far side says comes back, answers are
 * capped, redirects are not followed, and attempts are limited per organisation.
 */
const TIMEOUT_MS = 1000;
const SECRET = 'local-service-secret-4f1c9e';

describe('adding a host: the outbound policy and its failures', () => {
  let fleet: Fleet;
  let strict: TestApp; // the default policy
  let open: TestApp; // HOST_ADDRESS_POLICY=any, as tests and benchmarks opt in
  let limited: TestApp; // rate limits on
  let owner: Awaited<ReturnType<typeof buildUser>>;
  const listeners: Listener[] = [];

  const add = (t: TestApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/hosts', headers: { ...owner.auth, ...headers }, payload });
  const body = (url: string) => ({ ...passwordBody(fleet.nodes[0]!), pve_url: url });

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 3, seed: 5, pbs: false }), { taskDurationMs: 10 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    strict = await createTestApp({ jobs: true, env: { RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: String(TIMEOUT_MS) } });
    open = await createTestApp({
      jobs: true,
      reuseDatabase: strict.database,
      env: { RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: String(TIMEOUT_MS), ...LOOPBACK_HOSTS },
    });
    limited = await createTestApp({
      jobs: true,
      reuseDatabase: strict.database,
      env: { PVE_TIMEOUT_MS: String(TIMEOUT_MS), ...LOOPBACK_HOSTS },
    });
    owner = await buildUser(strict.database.db, { orgRole: 'owner' });
    await giveLicence(strict.database.db, owner.user.organisationId!, 'pro');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.close()));
    await limited?.close();
    await open?.close();
    await strict?.close();
    await fleet?.close();
  });

  it('the default policy refuses a Proxmox node on loopback, by IP or by name, without connecting', async () => {
    const node = fleet.nodes[0]!;
    for (const url of [node.url, node.url.replace('127.0.0.1', 'localhost'), node.url.replace('127.0.0.1', '[::1]')]) {
      const res = await add(strict, body(url));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'address_not_allowed',
        detail: expect.stringContaining(
          'a loopback address (this server itself), which this portal does not connect to (HOST_ADDRESS_POLICY=private)',
        ),
      });
    }
    const spy = await httpsListener((_req, res) => res.end());
    listeners.push(spy);
    expect((await add(strict, body(spy.url))).statusCode).toBe(400);
    expect(spy.connections).toBe(0);
    expect(await countHosts(strict.database.db, owner.user.organisationId!)).toBe(0);
    // The same node is accepted once a deployment opts in (tests, benchmarks).
    const opted = await add(open, body(node.url));
    expect(opted.statusCode, opted.body).toBe(201);
    // Deleting a host asks for a step-up (an e-mailed code here); the later tests count on no host being left.
    const removed = await withEmailStepUp(open.app, owner.auth, owner.user.email, {
      method: 'DELETE',
      url: `/api/hosts/${opted.json<{ id: string }>().id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('refuses link-local and metadata addresses even where loopback is allowed by nothing else', async () => {
    for (const url of [
      'https://169.254.169.254',
      'https://[fe80::1]:8006',
      'https://0.0.0.0:8006',
      'https://[::ffff:127.0.0.1]:8006',
    ]) {
      const res = await add(strict, body(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('address_not_allowed');
    }
    const metadata = await add(strict, body('https://169.254.169.254'));
    expect(metadata.json<{ detail: string }>().detail).toBe(
      'https://169.254.169.254:8006 leads to a cloud metadata address, which this portal does not connect to (HOST_ADDRESS_POLICY=private)',
    );
  });

  it('accepts only https://host[:port] and says which part is wrong; nothing is stored', async () => {
    const cases: [string, RegExp][] = [
      ['http://10.0.0.5:8006', /https:\/\//],
      ['https://root:secret@10.0.0.5:8006', /user name or password/],
      ['https://10.0.0.5:8006/api2/json', /must not contain a path/],
      ['https://10.0.0.5:8006/prefix', /must not contain a path/],
      ['https://10.0.0.5:8006?next=x', /query/],
      ['https://10.0.0.5:8006#x', /fragment/],
    ];
    for (const [url, detail] of cases) {
      const res = await add(open, body(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ code: string; detail: string }>()).toMatchObject({ code: 'validation_failed' });
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect(await countHosts(open.database.db, owner.user.organisationId!)).toBe(0);
  });

  it('a URL without a port means 8006, and an explicit :443 is kept', async () => {
    const noPort = await add(strict, body('https://127.0.0.1'));
    expect(noPort.json<{ detail: string }>().detail).toMatch(/^https:\/\/127\.0\.0\.1:8006 leads to/);
    const port443 = await add(strict, body('https://127.0.0.1:443/'));
    expect(port443.json<{ detail: string }>().detail).toMatch(/^https:\/\/127\.0\.0\.1:443 leads to/);
  });

  it('refused, reset, silent and plain-HTTP ports all answer the same fixed text', async () => {
    const reset = await resettingListener();
    const silent = await silentListener();
    const plain = await plainHttpListener();
    listeners.push(reset, silent, plain);
    const urls = [
      `https://127.0.0.1:${await closedPort()}`,
      reset.url,
      `https://127.0.0.1:${silent.port}`,
      `https://127.0.0.1:${plain.port}`,
    ];
    const answers = [];
    for (const url of urls) {
      const res = await add(open, body(url));
      answers.push({ status: res.statusCode, ...res.json<{ code: string; detail: string }>(), url });
    }
    for (const a of answers) {
      expect(a, a.url).toMatchObject({
        status: 422,
        code: 'host_connect_failed',
        detail: `Cannot reach a Proxmox VE API at ${a.url}: check the address, the port (8006) and that the host accepts HTTPS connections from this portal`,
      });
    }
  });

  it('never repeats what a service that is not Proxmox answered', async () => {
    const leaky = await httpsListener((req, res) => {
      res.writeHead(500, SECRET, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: SECRET, errors: { username: SECRET }, data: null }));
    });
    const html = await httpsListener((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>${SECRET}</h1>`),
    );
    const denied = await httpsListener((_req, res) => {
      res.writeHead(403, SECRET, { 'content-type': 'application/json' }).end(JSON.stringify({ message: SECRET }));
    });
    listeners.push(leaky, html, denied);
    for (const l of [leaky, html, denied]) {
      const res = await add(open, body(l.url), { 'accept-language': 'fr' });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(SECRET);
      expect(l.requests).toBeGreaterThan(0);
    }
    const en = await add(open, body(leaky.url));
    expect(en.json()).toMatchObject({
      code: 'host_connect_failed',
      detail: `${leaky.url} answered, but not as a Proxmox VE API: check the address and the port (8006)`,
    });
    const forbidden = await add(open, body(denied.url));
    expect(forbidden.json<{ detail: string }>().detail).toMatch(
      /^The credentials of root@pam were accepted, but they lack privileges/,
    );
    expect(open.logs.map((l) => JSON.stringify(l)).join('\n')).not.toContain(SECRET);
  });

  it('does not follow a redirect', async () => {
    const target = await httpsListener((_req, res) => res.end('{"data":{}}'));
    const redirecting = await httpsListener((req, res) => {
      res.writeHead(302, { location: `${target.url}${req.url}` }).end();
    });
    listeners.push(target, redirecting);
    const res = await add(open, body(redirecting.url));
    expect(res.statusCode).toBe(422);
    expect(redirecting.requests).toBeGreaterThan(0);
    expect(target.connections).toBe(0);
  });

  it('cuts an endless answer at the cap: memory stays bounded and the portal keeps answering', async () => {
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const endless = await httpsListener((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":"');
      const pump = () => {
        while (sent < 500 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end('"}');
      };
      res.on('error', () => undefined);
      pump();
    });
    listeners.push(endless);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const health: number[] = [];
    let adding = true;
    const probe = (async () => {
      while (adding) {
        const started = Date.now();
        const res = await open.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        health.push(Date.now() - started);
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await add(open, body(endless.url));
    adding = false;
    await probe;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: string }>().detail).toBe(
      `${endless.url} sent an answer larger than 16 MiB; the portal stopped reading it`,
    );
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect(peak - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(1000);
  }, 30_000);

  it('limits connection attempts per organisation: adds and syncs together, 429 with Retry-After', async () => {
    const other = await buildUser(limited.database.db, { orgRole: 'owner' });
    const url = `https://127.0.0.1:${await closedPort()}`;
    for (let i = 0; i < CONNECT_ATTEMPTS_PER_MINUTE - 1; i++) {
      expect((await add(limited, body(url))).statusCode).toBe(422);
    }
    const sync = await limited.app.inject({
      method: 'POST',
      url: '/api/hosts/00000000-0000-4000-8000-000000000000/sync',
      headers: owner.auth,
    });
    expect(sync.statusCode).toBe(404); // the tenth attempt, counted
    const refused = await add(limited, body(url), { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Too many connection attempts to hosts from this organisation; try again in \d+ s$/),
    });
    // Another organisation is not affected.
    const elsewhere = await limited.app.inject({ method: 'POST', url: '/api/hosts', headers: other.auth, payload: body(url) });
    expect(elsewhere.statusCode).toBe(422);
  });
});
