import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, ticketHeaders, tokenHeader } from './test-http';

let fleet: Fleet;
let n: Fleet['nodes'][number];
const login = (form: Record<string, string>, json = false) =>
  raw(n.url, { method: 'POST', path: '/api2/json/access/ticket', ...(json ? { json: form } : { form }) });

beforeAll(async () => {
  const spec = fixtureFleet();
  spec.ticketLifetimeSec = 2;
  fleet = await startFleet(spec, { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
});
afterAll(() => fleet.close());

describe('PVE ticket login', () => {
  it('accepts form and JSON bodies and a realm given separately; answers ticket, CSRF token and cap', async () => {
    for (const res of [
      await login({ username: 'root@pam', password: n.password }),
      await login({ username: 'root@pam', password: n.password }, true),
      await login({ username: 'root', realm: 'pam', password: n.password }),
    ]) {
      expect(res.status).toBe(200);
      const d = (res.json as { data: Record<string, unknown> }).data;
      expect(d['username']).toBe('root@pam');
      expect(d['ticket']).toMatch(/^PVE:root@pam:[0-9A-F]{8}::[A-Za-z0-9+/=]+$/);
      expect(d['CSRFPreventionToken']).toMatch(/^[0-9A-F]{8}:[A-Za-z0-9+/]{43}$/);
      expect(d['cap']).toHaveProperty('vms.VM\\.PowerMgmt', 1);
    }
    expect(fleet.node('node1').stats.logins).toBeGreaterThanOrEqual(3);
  });

  it('refuses a user without realm and a wrong password with 401 authentication failure', async () => {
    expect((await login({ username: 'root', password: n.password })).status).toBe(401);
    const bad = await login({ username: 'root@pam', password: 'nope' });
    expect([bad.status, bad.statusText, bad.text]).toEqual([401, 'authentication failure', '{"data":null}']);
  });

  it('accepts the ticket as cookie or Authorization header, needs CSRF on writes only', async () => {
    const h = await ticketHeaders(n.url, n.password);
    expect((await raw(n.url, { path: '/api2/json/version', headers: h.get })).status).toBe(200);
    const ticket = decodeURIComponent(h.get['Cookie']!.split('=').slice(1).join('='));
    expect((await raw(n.url, { path: '/api2/json/version', headers: { Authorization: `PVEAuthCookie=${ticket}` } })).status).toBe(
      200,
    );
    const noCsrf = await raw(n.url, { method: 'POST', path: '/api2/json/nodes/node1/apt/update', headers: h.get });
    expect([noCsrf.status, noCsrf.statusText]).toEqual([401, 'Permission denied - invalid csrf token']);
    expect((await raw(n.url, { method: 'POST', path: '/api2/json/nodes/node1/apt/update', headers: h.write })).status).toBe(200);
  });

  it('renews a ticket with the ticket as password, and rejects it after its lifetime', async () => {
    const first = (await login({ username: 'root@pam', password: n.password })).json as { data: { ticket: string } };
    const renewed = await login({ username: 'root@pam', password: first.data.ticket });
    expect(renewed.status).toBe(200);
    expect(fleet.node('node1').stats.ticketRenewals).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 3_100));
    const old = await raw(n.url, {
      path: '/api2/json/version',
      headers: { Cookie: `PVEAuthCookie=${encodeURIComponent(first.data.ticket)}` },
    });
    expect([old.status, old.statusText, old.text]).toEqual([401, 'permission denied - invalid PVE ticket', '']);
    expect((await login({ username: 'root@pam', password: first.data.ticket })).status).toBe(401);
  });
});

describe('PVE API tokens', () => {
  it('work without CSRF, with "=" or a space after PVEAPIToken', async () => {
    const post = (h: Record<string, string>) =>
      raw(n.url, { method: 'POST', path: '/api2/json/nodes/node1/qemu/102/status/stop', headers: h });
    expect((await post(tokenHeader(n.tokenId, n.tokenSecret))).status).toBe(200);
    expect((await post({ Authorization: `PVEAPIToken ${n.tokenId}=${n.tokenSecret}` })).status).toBe(200);
  });

  it('separate privileges: the read-only token reads but may not act', async () => {
    const ro = tokenHeader(n.readonlyTokenId, n.readonlyTokenSecret);
    expect((await raw(n.url, { path: '/api2/json/nodes/node1/qemu', headers: ro })).status).toBe(200);
    const cases: [string, string][] = [
      ['/nodes/node1/qemu/100/status/start', 'Permission check failed (/vms/100, VM.PowerMgmt)'],
      ['/nodes/node1/qemu/100/snapshot', 'Permission check failed (/vms/100, VM.Snapshot)'],
      ['/nodes/node1/apt/update', 'Permission check failed (/nodes/node1, Sys.Modify)'],
    ];
    for (const [path, reason] of cases) {
      const res = await raw(n.url, {
        method: 'POST',
        path: `/api2/json${path}`,
        headers: ro,
        form: path.endsWith('snapshot') ? { snapname: 'x1' } : {},
      });
      expect([res.status, res.statusText]).toEqual([403, reason]);
    }
    const dump = await raw(n.url, {
      method: 'POST',
      path: '/api2/json/nodes/node1/vzdump',
      headers: ro,
      form: { vmid: '100', storage: 'local' },
    });
    expect([dump.status, dump.statusText]).toEqual([403, 'Permission check failed (/vms/100, VM.Backup)']);
  });

  it('listing pending updates needs Sys.Modify; the package versions need only Sys.Audit', async () => {
    const ro = tokenHeader(n.readonlyTokenId, n.readonlyTokenSecret);
    const list = await raw(n.url, { path: '/api2/json/nodes/node1/apt/update', headers: ro });
    expect([list.status, list.statusText, list.json]).toEqual([
      403,
      'Permission check failed (/nodes/node1, Sys.Modify)',
      { data: null },
    ]);
    const versions = await raw(n.url, { path: '/api2/json/nodes/node1/apt/versions', headers: ro });
    expect(versions.status).toBe(200);
    const data = (versions.json as { data: { Package: string; Origin: string }[] }).data;
    expect(data[0]?.Package).toBe('proxmox-ve');
    // Only the Proxmox package list, as the real endpoint: no Debian base packages.
    expect(data.every((p) => p.Origin === 'Proxmox')).toBe(true);
    // Unchanged for the full token and for a ticket.
    expect(
      (await raw(n.url, { path: '/api2/json/nodes/node1/apt/update', headers: tokenHeader(n.tokenId, n.tokenSecret) })).status,
    ).toBe(200);
    const h = await ticketHeaders(n.url, n.password);
    expect((await raw(n.url, { path: '/api2/json/nodes/node1/apt/update', headers: h.get })).status).toBe(200);
  });

  it('answers the real reasons for a wrong secret and an unknown token', async () => {
    const wrong = await raw(n.url, { path: '/api2/json/version', headers: tokenHeader(n.tokenId, 'x') });
    expect([wrong.status, wrong.statusText]).toEqual([401, 'invalid token value!']);
  });
});

describe('GET /access/permissions', () => {
  const perms = async (headers: Record<string, string>, query = '', url = n.url) => {
    const res = await raw(url, { path: `/api2/json/access/permissions${query}`, headers });
    return { status: res.status, statusText: res.statusText, data: (res.json as { data: unknown } | undefined)?.data };
  };

  it('root and the full token: every privilege of the version on the default paths', async () => {
    const full = await perms(tokenHeader(n.tokenId, n.tokenSecret));
    const tree = full.data as Record<string, Record<string, number>>;
    expect(Object.keys(tree).sort()).toEqual(['/', '/access', '/access/groups', '/nodes', '/pool', '/sdn', '/storage', '/vms']);
    expect(tree['/vms']).toMatchObject({ 'VM.Snapshot': 1, 'VM.Snapshot.Rollback': 1, 'VM.PowerMgmt': 1, 'VM.Monitor': 1 });
    expect(tree['/']).toHaveProperty(['Sys.AccessNetwork'], 1);
    const ticket = await perms((await ticketHeaders(n.url, n.password)).get, '?path=/vms/100');
    expect(Object.keys(ticket.data as object)).toEqual(['/vms/100']);
    // PVE 7.4: no Mapping.* / Sys.AccessNetwork; PVE 9 would have VM.GuestAgent.* instead of VM.Monitor.
    const n3 = fleet.nodes[2]!;
    const old = (await perms(tokenHeader(n3.tokenId, n3.tokenSecret), '', n3.url)).data as Record<string, Record<string, number>>;
    expect(old['/']).not.toHaveProperty(['Sys.AccessNetwork']);
    expect(old['/']).not.toHaveProperty(['Mapping.Audit']);
  });

  it("the read-only token: the audit privileges; it may read its owner's and unknown ids answer nothing", async () => {
    const ro = tokenHeader(n.readonlyTokenId, n.readonlyTokenSecret);
    const own = (await perms(ro)).data as Record<string, Record<string, number>>;
    expect(own['/vms']).toEqual({
      'Datastore.Audit': 1,
      'Mapping.Audit': 1,
      'Pool.Audit': 1,
      'SDN.Audit': 1,
      'Sys.Audit': 1,
      'VM.Audit': 1,
    });
    const owner = (await perms(ro, '?userid=root@pam&path=/')).data as Record<string, Record<string, number>>;
    expect(owner['/']).toHaveProperty(['Sys.Modify'], 1);
    expect((await perms(tokenHeader(n.tokenId, n.tokenSecret), '?userid=root@pam!monitor&path=/vms')).data).toEqual({
      '/vms': own['/vms'],
    });
    expect((await perms(ro, '?userid=bob@pve')).data).toEqual({});
    expect((await perms(ro, '?userid=bob@pve&path=/')).data).toEqual({ '/': {} });
    const bad = await perms(ro, '?userid=not%20a%20user');
    expect([bad.status, bad.data]).toEqual([400, null]);
  });
});

describe('other request rules', () => {
  it('501 for a body on GET, 404 outside /api2/json, gzip when asked', async () => {
    const t = tokenHeader(n.tokenId, n.tokenSecret);
    const body = await raw(n.url, { path: '/api2/json/version', headers: t, form: { a: '1' } });
    expect([body.status, body.statusText]).toEqual([501, "Unexpected content for method 'GET'"]);
    expect((await raw(n.url, { path: '/foo', headers: t })).status).toBe(404);
    const gz = await raw(n.url, { path: '/api2/json/nodes/node1/qemu', headers: { ...t, 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(gz.headers['server']).toBe('pve-api-daemon/3.0');
  });

  it('delays failed authentication when configured', async () => {
    const spec = fixtureFleet();
    spec.nodes = spec.nodes.slice(0, 1);
    delete spec.pbs;
    const slow = await startFleet(spec, { authFailDelayMs: 300 });
    try {
      const t = performance.now();
      const res = await raw(slow.nodes[0]!.url, { path: '/api2/json/version' });
      expect(res.status).toBe(401);
      expect(performance.now() - t).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });
});

describe('PBS auth', () => {
  it('tickets (PBSAuthCookie, CSRF on POST) and tokens with a colon', async () => {
    const p = fleet.pbs!;
    const h = await ticketHeaders(p.url, p.password, 'PBS');
    expect((await raw(p.url, { path: '/api2/json/admin/datastore', headers: h.get })).status).toBe(200);
    const noCsrf = await raw(p.url, { method: 'POST', path: '/api2/json/admin/datastore/store1/verify', headers: h.get });
    expect(noCsrf.status).toBe(401);
    expect(
      (await raw(p.url, { method: 'POST', path: '/api2/json/admin/datastore/store1/verify', headers: h.write })).status,
    ).toBe(200);
    expect(
      (await raw(p.url, { path: '/api2/json/admin/datastore', headers: tokenHeader(p.tokenId, p.tokenSecret, 'PBS') })).status,
    ).toBe(200);
    const bad = await raw(p.url, { path: '/api2/json/admin/datastore', headers: tokenHeader(p.tokenId, 'nope', 'PBS') });
    expect([bad.status, bad.headers['content-type']]).toEqual([401, 'application/json']);
  });
});
