import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';

// Issue 31 §6 (second outside review): `npm start` runs in development mode, and with `Host: rebind.attacker.example`
// the dev outbox answered a sign-in code, which opened a session. A page on the attacker's name, rebound to
// 127.0.0.1, is the browser's same origin: only the Host header still names the attacker.

interface Answer {
  status: number;
  body: string;
}

/** A request over a real socket with the Host (and other headers) given as is. */
function request(base: URL, path: string, headers: Record<string, string>, method = 'GET', body?: object): Promise<Answer> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const refusedAsHost = (answer: Answer) => {
  expect(answer.status, answer.body).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'host_not_allowed', detail: expect.stringMatching(/ALLOWED_HOSTS/) });
};

describe('the portal answers only to its own host names', () => {
  let dev: TestApp;
  let published: TestApp;
  let proxied: TestApp;
  let devBase: URL;
  let publishedBase: URL;
  let proxiedBase: URL;

  beforeAll(async () => {
    dev = await createTestApp({ env: { NODE_ENV: 'development', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn' } });
    published = await createTestApp({
      reuseDatabase: dev.database,
      env: { PUBLIC_URL: 'https://portal.example.com', ALLOWED_HOSTS: 'proxai.lan, 10.0.0.8:8443', RATE_LIMIT_ENABLED: 'false' },
    });
    proxied = await createTestApp({
      reuseDatabase: dev.database,
      env: { PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: '1', RATE_LIMIT_ENABLED: 'false' },
    });
    devBase = new URL(await dev.app.listen({ port: 0, host: '127.0.0.1' }));
    publishedBase = new URL(await published.app.listen({ port: 0, host: '127.0.0.1' }));
    proxiedBase = new URL(await proxied.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await proxied?.close();
    await published?.close();
    await dev?.close();
  });

  it('development without PUBLIC_URL: a rebound name gets neither a code mailed nor the dev outbox', async () => {
    const sent = dev.app.mailer.outbox.length;
    const rebound = { host: `rebind.attacker.example:${devBase.port}` };
    refusedAsHost(
      await request(devBase, '/api/auth/magic-link', rebound, 'POST', { email: 'victim@example.org', language: 'en' }),
    );
    expect(dev.app.mailer.outbox.length).toBe(sent);
    refusedAsHost(await request(devBase, '/api/dev/outbox?to=victim%40example.org', rebound));
    refusedAsHost(await request(devBase, '/api/auth/me', rebound));
    refusedAsHost(await request(devBase, '/', rebound));
    for (const host of ['localhost.attacker.example', '127.0.0.1.attacker.example', '127.0.0.1:80@attacker.example']) {
      refusedAsHost(await request(devBase, '/api/permissions', { host }));
    }
    // Loopback names and addresses, with the port, are the development portal's own.
    for (const host of [`127.0.0.1:${devBase.port}`, `localhost:${devBase.port}`, `[::1]:${devBase.port}`, 'LOCALHOST']) {
      expect((await request(devBase, '/api/permissions', { host })).status, host).toBe(200);
    }
    expect((await request(devBase, '/api/dev/outbox', { host: `localhost:${devBase.port}` })).status).toBe(200);
  });

  it('health checks and the Prometheus exposition answer whatever the Host (called by address)', async () => {
    const any = { host: '10.1.2.3:8080' };
    expect((await request(devBase, '/api/health', any)).status).toBe(200);
    expect((await request(publishedBase, '/api/health', any)).status).toBe(200);
    // No scrape token: refused by the exposition itself, not by the host check.
    const scrape = await request(publishedBase, '/api/metrics/prometheus', any);
    expect(scrape.status).toBe(401);
  });

  it('with PUBLIC_URL: its host and the ALLOWED_HOSTS names only (not loopback), ports as listed', async () => {
    for (const host of ['portal.example.com', 'Portal.Example.com:443', 'proxai.lan', 'proxai.lan:8080', '10.0.0.8:8443']) {
      expect((await request(publishedBase, '/api/permissions', { host })).status, host).toBe(200);
    }
    for (const host of [
      'localhost',
      `127.0.0.1:${publishedBase.port}`,
      '10.0.0.8',
      '10.0.0.8:8080',
      'evil.example',
      'portal.example.com.evil.example',
    ]) {
      refusedAsHost(await request(publishedBase, '/api/permissions', { host }));
    }
  });

  it('behind a trusted proxy, the forwarded host is the one checked', async () => {
    const forwarded = (name: string) => ({ host: `127.0.0.1:${proxiedBase.port}`, 'x-forwarded-host': name });
    expect((await request(proxiedBase, '/api/permissions', forwarded('portal.example.com'))).status).toBe(200);
    refusedAsHost(await request(proxiedBase, '/api/permissions', forwarded('rebind.attacker.example')));
  });

  it('a cookie-authenticated write must come from an allowed origin, not merely from its own Host', async () => {
    const person = await buildUser(dev.database.db);
    const cookie = `session_token=${person.token}`;
    const host = { host: 'portal.example.com', cookie };
    const write = (origin: string) => request(publishedBase, '/api/auth/logout', { ...host, origin }, 'POST', {});
    // The rebound page's origin is not one of the portal's names.
    expect((await write('https://rebind.attacker.example')).status).toBe(403);
    expect((await write('https://proxai.lan')).status).toBe(200);
  });
});
