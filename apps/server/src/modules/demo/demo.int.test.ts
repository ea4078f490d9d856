import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { createSession } from '../sessions/sessions.service';
import { startDemo } from './demo';
import { DEMO_EMAIL, findDemoUser } from './demo.repository';

describe('demo', () => {
  let t: TestApp;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, env: { PROXAI_DEMO: '1', PVE_TIMEOUT_MS: '3000', RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await t?.close();
  });

  it('GET /api/demo is 404 until the demo exists', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/demo' })).statusCode).toBe(404);
  });

  it('creates a demo organisation and user with three live simulated nodes, and says how to sign in', async () => {
    stops.push(await startDemo(t.app));
    expect((await t.app.inject({ method: 'GET', url: '/api/demo' })).json()).toEqual({ email: DEMO_EMAIL });
    const demo = await findDemoUser(t.database.db);
    const { token } = await createSession(t.database.db, demo!.id);
    const headers = { authorization: `Bearer ${token}` };
    const hosts = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers })).json<{ status: string }[]>();
    expect(hosts.length).toBe(3);
    expect(hosts.every((h) => h.status === 'online')).toBe(true);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats', headers })).json<{
      vms: number;
      running_vms: number;
    }>();
    expect(stats.vms).toBeGreaterThan(10);
    expect(stats.running_vms).toBeGreaterThan(0);
    expect(t.logs.some((l) => String(l.msg).includes(`sign in at /auth with ${DEMO_EMAIL}`))).toBe(true);
  });

  it('a restart replaces the previous run’s simulated hosts instead of piling them up', async () => {
    stops.push(await startDemo(t.app));
    const demo = await findDemoUser(t.database.db);
    const { token } = await createSession(t.database.db, demo!.id);
    const hosts = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: { authorization: `Bearer ${token}` } })).json<
      unknown[]
    >();
    expect(hosts.length).toBe(3);
  });

  it('is skipped once a real organisation manages a host', async () => {
    const other = await buildUser(t.database.db);
    const { insertHost } = await import('../hosts/hosts.repository');
    await insertHost(t.database.db, {
      organisationId: other.user.organisationId!,
      name: 'real',
      pveUrl: 'https://192.0.2.1:8006',
      pveNode: 'pve',
      username: 'root@pam',
      authType: 'password',
      secretEncrypted: 'x.y.z',
    });
    const before = t.logs.length;
    stops.push(await startDemo(t.app));
    expect(t.logs.slice(before).some((l) => String(l.msg).includes('demo: skipped'))).toBe(true);
  });
});

describe('demo off', () => {
  it('GET /api/demo is 404 on a portal without the demo, even with a demo account in its database', async () => {
    const t = await createTestApp();
    try {
      await buildUser(t.database.db, { email: DEMO_EMAIL });
      const res = await t.app.inject({ method: 'GET', url: '/api/demo' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', detail: 'Demo not found' });
    } finally {
      await t.close();
    }
  });
});
