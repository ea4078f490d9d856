import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { httpsListener } from '../../testing/listeners';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { startHostsTestbed, type HostsTestbed } from './hosts-testbed.testing';
import { passwordBody, tokenBody } from './hosts.testing';
import { until } from '../../testing/until';

const TIMEOUT_MS = 1500;

describe.each(TEST_DATABASE_KINDS)('hosts on %s', (kind) => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];

  let bed: HostsTestbed | undefined;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 4, guests: 16, seed: 3, pbs: false }),
      taskDurationMs: 30,
      database: kind,
      env: { PVE_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    ({ t, fleet, owner } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const node = (i: number) => fleet.nodes[i]!;
  const post = (url: string, payload: unknown, headers = owner.auth) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers = owner.auth) => t.app.inject({ method: 'GET', url, headers });
  /** DELETE /api/hosts/:id without a step-up proof. */
  const bareDelete = (id: string, headers = owner.auth) => t.app.inject({ method: 'DELETE', url: `/api/hosts/${id}`, headers });
  /** DELETE /api/hosts/:id with its step-up answered by an e-mailed code (the people here have no second factor). */
  const remove = (id: string, who: Pick<HostsTestbed['owner'], 'auth' | 'user'> = owner) =>
    withEmailStepUp(t.app, who.auth, who.user.email, { method: 'DELETE', url: `/api/hosts/${id}` });

  it('adds a host with a password: pins the fingerprint, reads the version, lists its guests', async () => {
    const n = node(0);
    const res = await post('/api/hosts', passwordBody(n));
    expect(res.statusCode, res.body).toBe(201);
    const host = res.json();
    expect(host).toMatchObject({
      name: `Host ${n.name}`,
      pve_url: n.url,
      pve_node: n.name,
      status: 'online',
      auth_type: 'password',
      fingerprint: n.fingerprint,
    });
    expect(host.pve_version).toMatch(/^\d/);
    expect(res.body).not.toContain(n.password);

    const vms = (await get('/api/vms')).json<{ vmid: number; host_id: string; state: string; name: string }[]>();
    const expected = [...fleet.node(n.name).guests.values()]
      .filter((g) => !g.template)
      .map((g) => g.vmid)
      .sort((a, b) => a - b);
    expect(
      vms
        .filter((v) => v.host_id === host.id)
        .map((v) => v.vmid)
        .sort((a, b) => a - b),
    ).toEqual(expected);
    for (const v of vms.filter((v) => v.host_id === host.id)) expect(v.state).toBe(fleet.node(n.name).guest(v.vmid).status);
  });

  it('adds a host with an API token; the list never shows a secret', async () => {
    const n = node(1);
    const res = await post('/api/hosts', tokenBody(n));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ auth_type: 'token', token_name: 'portal', status: 'online' });
    const list = await get('/api/hosts');
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBe(2);
    for (const x of fleet.nodes) {
      expect(list.body).not.toContain(x.password);
      expect(list.body).not.toContain(x.tokenSecret);
    }
  });

  it("refuses the other method's fields and missing fields with 400", async () => {
    const n = node(2);
    const mixed = await post('/api/hosts', { ...passwordBody(n), token_value: 'x' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().detail).toBeTruthy();
    const missing = await post('/api/hosts', { ...tokenBody(n), token_value: undefined });
    expect(missing.statusCode).toBe(400);
    const badUrl = await post('/api/hosts', passwordBody(n, { pve_url: 'not a url' }));
    expect(badUrl.statusCode).toBe(400);
  });

  it('refuses with a precise detail: authentication failed, unknown node, fingerprint mismatch', async () => {
    const n = node(2);
    const badPassword = await post('/api/hosts', passwordBody(n, { password: 'wrong-password' }));
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().detail).toMatch(/Authentication failed for root@pam/);
    const badToken = await post('/api/hosts', tokenBody(n, { token_value: '00000000-0000-0000-0000-000000000000' }));
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().detail).toMatch(/Authentication failed: API token root@pam!portal/);
    const unknownNode = await post('/api/hosts', passwordBody(n, { pve_node: 'nope' }));
    expect(unknownNode.statusCode).toBe(400);
    expect(unknownNode.json().detail).toBe(`Unknown node 'nope' on ${n.url}; nodes of this host: ${n.name}`);
    const wrongFp = await post('/api/hosts', passwordBody(n, { fingerprint: 'AB'.repeat(32) }));
    expect(wrongFp.statusCode).toBe(400);
    expect(wrongFp.json().detail).toContain(`fingerprint of ${n.url} is ${n.fingerprint}`);
  });

  it('refuses a refused or silent node with the same fixed detail, within the timeout', async () => {
    const n = node(3);
    const cannotReach = `Cannot reach a Proxmox VE API at ${n.url}: check the address, the port (8006) and that the host accepts HTTPS connections from this portal`;
    await fleet.setFault(n.name, { kind: 'refuse' });
    const refused = await post('/api/hosts', passwordBody(n));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'host_connect_failed', detail: cannotReach });
    await fleet.setFault(n.name, { kind: 'hang' });
    const started = Date.now();
    const hung = await post('/api/hosts', passwordBody(n, { fingerprint: n.fingerprint }));
    expect(hung.statusCode).toBe(422);
    expect(hung.json()).toEqual(refused.json());
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    await fleet.setFault(n.name, null);
  });

  it('refuses something that is not a Proxmox VE API', async () => {
    const server = await httpsListener((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome to nginx</body></html>');
    });
    try {
      const res = await post('/api/hosts', passwordBody(node(2), { pve_url: server.url }));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(
        `${server.url} answered, but not as a Proxmox VE API: check the address and the port (8006)`,
      );
    } finally {
      await server.close();
    }
  });

  it('sync reports what changed, removed guests disappear, a changed certificate takes the host offline', async () => {
    const hosts = (await get('/api/hosts')).json<{ id: string; pve_node: string }[]>();
    const h = hosts.find((x) => x.pve_node === node(0).name)!;
    const sim = fleet.node(node(0).name);
    const victim = [...sim.guests.keys()][0]!;
    sim.guests.delete(victim);
    const res = await post(`/api/hosts/${h.id}/sync`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Synced Host pve1: \d+ guests? \(1 removed\)$/);
    const vms = (await get('/api/vms')).json<{ vmid: number; host_id: string }[]>();
    expect(vms.some((v) => v.host_id === h.id && v.vmid === victim)).toBe(false);

    // The client is kept between syncs: a password host does not log in again for every sync.
    const logins = sim.stats.logins;
    const again = await post(`/api/hosts/${h.id}/sync`, {});
    expect(sim.stats.logins).toBe(logins);
    expect(again.json().message).toMatch(/no change$/);

    await fleet.setFault(node(0).name, { kind: 'rotate-certificate' });
    const rotated = await post(`/api/hosts/${h.id}/sync`, {});
    expect(rotated.statusCode).toBe(502);
    expect(rotated.json().detail).toMatch(/TLS certificate of .* changed/);
    const after = (await get('/api/hosts'))
      .json<{ id: string; status: string; last_error: string }[]>()
      .find((x) => x.id === h.id)!;
    expect(after.status).toBe('offline');
    expect(after.last_error).toMatch(/changed/);
  });

  it("another organisation's ids answer 404; readonly may read but not add, delete or sync", async () => {
    const hosts = (await get('/api/hosts')).json<{ id: string }[]>();
    const stranger = await buildUser(t.database.db, { orgRole: 'owner' });
    expect((await get('/api/hosts', stranger.auth)).json()).toEqual([]);
    expect((await get('/api/vms', stranger.auth)).json()).toEqual([]);
    expect((await post(`/api/hosts/${hosts[0]!.id}/sync`, {}, stranger.auth)).statusCode).toBe(404);
    // Deleting is sensitive: the step-up comes before the existence check, so the stranger learns nothing until proven.
    const unproven = await bareDelete(hosts[0]!.id, stranger.auth);
    expect(unproven.statusCode).toBe(401);
    expect(unproven.json()).toMatchObject({ code: 'step_up_required' });
    expect((await remove(hosts[0]!.id, stranger)).statusCode).toBe(404);

    const reader = await buildUser(t.database.db, { orgRole: 'readonly', organisationId: owner.user.organisationId });
    expect((await get('/api/hosts', reader.auth)).json().length).toBe(hosts.length);
    const add = await post('/api/hosts', passwordBody(node(2)), reader.auth);
    expect(add.statusCode).toBe(403);
    expect(add.json().detail).toMatch(/readonly/);
    expect((await post(`/api/hosts/${hosts[0]!.id}/sync`, {}, reader.auth)).statusCode).toBe(403);
    // The permission check comes before the step-up: readonly is refused at once.
    expect((await bareDelete(hosts[0]!.id, reader.auth)).statusCode).toBe(403);
    const operator = await buildUser(t.database.db, { orgRole: 'operator', organisationId: owner.user.organisationId });
    expect((await post('/api/hosts', passwordBody(node(2)), operator.auth)).statusCode).toBe(403);
  });

  it('the Free plan allows one host: a second answers 403 naming the plan and its limit', async () => {
    const free = await buildUser(t.database.db, { orgRole: 'owner' });
    const first = await post('/api/hosts', passwordBody(node(2)), free.auth);
    expect(first.statusCode, first.body).toBe(201);
    const second = await post('/api/hosts', passwordBody(node(3)), free.auth);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: 'plan_limit',
      detail: 'Your Free plan allows 1 host; remove a host or upgrade your licence to add another',
    });
  });

  it('deletes a host and its guests; audit events record who did what', async () => {
    const hosts = (await get('/api/hosts')).json<{ id: string }[]>();
    const unproven = await bareDelete(hosts[1]!.id);
    expect(unproven.statusCode).toBe(401);
    expect(unproven.json()).toMatchObject({ code: 'step_up_required', methods: ['email'] });
    expect((await get('/api/hosts')).json<{ id: string }[]>().map((h) => h.id)).toContain(hosts[1]!.id);
    const del = await remove(hosts[1]!.id);
    expect(del.statusCode, del.body).toBe(200);
    const vms = (await get('/api/vms')).json<{ host_id: string }[]>();
    expect(vms.some((v) => v.host_id === hosts[1]!.id)).toBe(false);
    expect((await remove(hosts[1]!.id)).statusCode).toBe(404);
    // Records of changes that emit events come from the audit subscriber, within a second or so.
    const { sql } = await import('drizzle-orm');
    const read = async () =>
      (
        (await t.database.db.execute(
          sql`select action, outcome, actor_email from audit_events where organisation_id = ${owner.user.organisationId}`,
        )) as { rows: { action: string; outcome: string; actor_email: string }[] }
      ).rows;
    const rows = await until(read, (r) => r.some((x) => x.action === 'host.delete'), 5000);
    const actions = new Set(rows.map((r) => `${r.action}:${r.outcome}`));
    for (const a of ['host.add:success', 'host.add:failure', 'host.sync:success', 'host.sync:failure', 'host.delete:success'])
      expect(actions).toContain(a);
    expect(rows.every((r) => r.actor_email === owner.user.email)).toBe(true);
  });

  it('secrets are stored encrypted (AES-256-GCM), never in clear', async () => {
    const { sql } = await import('drizzle-orm');
    const res = await t.database.db.execute<{ secret_encrypted: string }>(sql`select secret_encrypted from hosts`);
    const rows = (res as { rows: { secret_encrypted: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.secret_encrypted).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      for (const n of fleet.nodes) {
        expect(r.secret_encrypted).not.toContain(n.password);
        expect(r.secret_encrypted).not.toContain(n.tokenSecret);
      }
    }
  });

  it('no secret reaches a log line', () => {
    const all = JSON.stringify(t.logs);
    for (const n of fleet.nodes) {
      expect(all).not.toContain(n.password);
      expect(all).not.toContain(n.tokenSecret);
    }
  });
});
