import { generateFleet, startFleet, type Fault, type Fleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveLicence, passwordBody } from '../modules/hosts/hosts.testing';
import { syncAllHosts } from '../modules/hosts/sync-scheduler';
import { createTestApp, type TestApp } from '../testing/app';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';

const TIMEOUT_MS = 4000;

interface HostDto {
  id: string;
  name: string;
  status: string;
  last_error: string | null;
}

describe('faulty Proxmox hosts do not affect the portal or the healthy ones', () => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  const faults: [string, Fault | null][] = [
    ['healthy', null],
    ['refuses', { kind: 'refuse' }],
    ['hangs', { kind: 'hang' }],
    ['flaps 500s', { kind: 'flaky', rate: 1 }],
    ['new certificate', { kind: 'rotate-certificate' }],
  ];

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: faults.length, guests: 25, seed: 8, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    t = await createTestApp({ env: { PVE_TIMEOUT_MS: String(TIMEOUT_MS), RATE_LIMIT_ENABLED: 'false' } });
    owner = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, owner.user.organisationId!, 'pro');
    for (const [i, [label]] of faults.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: passwordBody(fleet.nodes[i]!, { name: label }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Faults start after the hosts were added and pinned.
    for (const [i, [, fault]] of faults.entries()) if (fault) fleet.setFault(fleet.nodes[i]!.name, fault);
  });
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });

  it('keeps answering quickly during a sync, marks each faulty host offline with its reason, and keeps the healthy one online', async () => {
    const sync = syncAllHosts(t.app);
    // While the sync waits on the hung and refusing hosts, the dashboard's reads stay fast.
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const url of ['/api/vms', '/api/stats', '/api/hosts']) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: owner.auth });
        timings.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
    }
    const started = performance.now();
    await sync;
    // Hosts are synced in parallel, each with its own timeout: the whole pass is bounded by one timeout.
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 3);
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length * 0.9)]).toBeLessThan(500);

    const list = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth })).json<HostDto[]>();
    const byName = new Map(list.map((h) => [h.name, h]));
    expect(byName.get('healthy')).toMatchObject({ status: 'online', last_error: null });
    for (const [label] of faults.slice(1)) {
      const host = byName.get(label)!;
      expect(host.status, label).not.toBe('online');
      expect(host.last_error, label).toEqual(expect.any(String));
    }
    expect(byName.get('refuses')!.last_error).toMatch(/refused/i);
    expect(byName.get('hangs')!.last_error).toMatch(/time|timed out/i);
    expect(byName.get('new certificate')!.last_error).toMatch(/fingerprint|certificate/i);

    // The healthy host's guests are listed and can still be acted on.
    const vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      { id: string; vmid: number; state: string; host_id: string }[]
    >();
    const healthyId = byName.get('healthy')!.id;
    const running = vms.find((v) => v.host_id === healthyId && v.state === 'running');
    expect(running).toBeDefined();
    const action = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${running!.id}/action`,
      headers: owner.auth,
      payload: { action: 'restart', vmid: running!.vmid },
    });
    expect(action.statusCode, action.body).toBe(200);
  }, 60_000);

  it('refuses to talk to a host whose certificate changed, even on an explicit sync', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth })).json<HostDto[]>();
    const rotated = list.find((h) => h.name === 'new certificate')!;
    const res = await t.app.inject({ method: 'POST', url: `/api/hosts/${rotated.id}/sync`, headers: owner.auth });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(600);
    expect(res.json().detail).toMatch(/fingerprint|certificate/i);
  });
});
