import { and, eq } from 'drizzle-orm';
import { generateFleet, type SimPbsInfo } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, guests, hosts } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { until } from '../../testing/until';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { pbsPasswordBody, pbsTokenBody, tokenBody } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';

interface HostDto {
  id: string;
  name: string;
  type: 'pve' | 'pbs';
  pve_url: string;
  pve_node: string;
  status: string;
  fingerprint: string | null;
  pve_version: string | null;
  last_error: string | null;
  pbs: {
    datastores: {
      name: string;
      total: number | null;
      used: number | null;
      forecast_full_at: string | null;
      error: string | null;
    }[];
    failed_tasks_24h: number | null;
  } | null;
}

const OTHER_FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':');

/**
 * A Proxmox Backup Server as a host (issue 19): added by token or password with its certificate pinned like a PVE
 * node's, not counted by the plan's host limit, polled with PBS's own endpoints (never PVE's), online and offline
 * with the same events.
 */
describe.each(TEST_DATABASE_KINDS)('Proxmox Backup Server hosts on %s', (kind) => {
  let bed: HostsTestbed;
  let pbs: SimPbsInfo;
  let pveId: string;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 4, seed: 19, pbs: true }),
      taskDurationMs: 20,
      database: kind,
      env: { SYNC_INTERVAL_SECONDS: '5', PVE_TIMEOUT_MS: '2000' },
      addBody: (n) => tokenBody(n),
    });
    pbs = bed.fleet.pbs!;
    pveId = bed.hostIds[0]!;
  }, 60_000);
  afterAll(async () => {
    await bed?.close();
  });

  const add = (payload: object, auth = bed.owner.auth) =>
    bed.t.app.inject({ method: 'POST', url: '/api/hosts', headers: auth, payload });
  const list = async (auth = bed.owner.auth) =>
    (await bed.t.app.inject({ method: 'GET', url: '/api/hosts', headers: auth })).json<HostDto[]>();
  /** Deleting a host asks for a step-up, answered here by an e-mailed code (the owner has no second factor). */
  const remove = (id: string) =>
    withEmailStepUp(bed.t.app, bed.owner.auth, bed.owner.user.email, { method: 'DELETE', url: `/api/hosts/${id}` });

  it('adds a PBS by API token: no node, its certificate pinned, its version and datastores read, no guests', async () => {
    const res = await add(pbsTokenBody(pbs));
    expect(res.statusCode, res.body).toBe(201);
    const host = res.json<HostDto>();
    expect(host).toMatchObject({
      type: 'pbs',
      pve_url: pbs.url,
      pve_node: 'localhost',
      status: 'online',
      fingerprint: pbs.fingerprint,
      pve_version: '3.2',
      last_error: null,
    });
    const store1 = host.pbs?.datastores.find((d) => d.name === 'store1');
    expect(store1?.total).toBeGreaterThan(0);
    expect(store1?.used).toBeGreaterThan(0);
    // The simulated datastore grows 0.15 % of its size a day: full within the next two years.
    expect(Date.parse(store1!.forecast_full_at!)).toBeGreaterThan(Date.now());
    expect(host.pbs?.datastores.find((d) => d.name === 'offsite')).toMatchObject({
      total: null,
      error: expect.stringContaining('maintenance'),
    });
    expect(host.pbs?.failed_tasks_24h).toEqual(expect.any(Number));
    const [row] = await bed.t.database.db.select().from(hosts).where(eq(hosts.id, host.id));
    expect(row?.type).toBe('pbs');
    expect(await bed.t.database.db.select().from(guests).where(eq(guests.hostId, host.id))).toEqual([]);
    // Every host says what it is; a host added without `type` (the seed's calls) is a PVE node.
    const listed = await list();
    expect(listed.find((h) => h.id === pveId)).toMatchObject({ type: 'pve', pbs: null });
    expect(listed.find((h) => h.id === host.id)).toMatchObject({ type: 'pbs', pbs: { datastores: expect.any(Array) } });
    expect((await remove(host.id)).statusCode).toBe(200);
  });

  it('adds a PBS by password; a given fingerprint must be the one presented', async () => {
    const wrong = await add(pbsTokenBody(pbs, { fingerprint: OTHER_FINGERPRINT }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string; detail: string }>().detail).toContain(pbs.fingerprint);
    const badSecret = await add(pbsTokenBody(pbs, { token_value: 'not-the-secret' }));
    expect(badSecret.statusCode).toBe(400);
    expect(badSecret.json<{ detail: string }>().detail).toMatch(/API token root@pam!portal was rejected/);
    const right = await add(pbsPasswordBody(pbs, { fingerprint: pbs.fingerprint.replaceAll(':', '').toLowerCase() }));
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json<HostDto>()).toMatchObject({ type: 'pbs', fingerprint: pbs.fingerprint, status: 'online' });
    expect((await remove(right.json<HostDto>().id)).statusCode).toBe(200);
  });

  it("says so when the address is not a PBS, and defaults a PBS's port to 8007", async () => {
    const closed = await add(pbsTokenBody(pbs, { pve_url: 'https://127.0.0.1' }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({
      code: 'host_connect_failed',
      detail: expect.stringContaining('Cannot reach a Proxmox Backup Server API at https://127.0.0.1:8007'),
    });
    // A PVE node's address: it does not take PBS's token header.
    const node = bed.fleet.nodes[0]!;
    const pve = await add(
      pbsTokenBody(pbs, { pve_url: node.url, token_name: node.tokenId.split('!')[1], token_value: node.tokenSecret }),
    );
    expect(pve.json()).toMatchObject({ code: 'bad_request', detail: expect.stringContaining('Authentication failed') });
    expect((await list()).filter((h) => h.type === 'pbs')).toEqual([]);
    // A PVE node still needs its node name.
    const noNode = await add({ ...tokenBody(node), pve_node: undefined });
    expect(noNode.statusCode).toBe(400);
    expect(noNode.json<{ detail: string }>().detail).toContain('pve_node');
  });

  it('a PBS does not count toward the host limit of the plan (Free: one PVE node)', async () => {
    const owner = await buildUser(bed.t.database.db, { orgRole: 'owner' }); // no licence: Free
    const first = await add(pbsTokenBody(pbs), owner.auth);
    expect(first.statusCode, first.body).toBe(201);
    const node = await add(tokenBody(bed.fleet.nodes[0]!), owner.auth);
    expect(node.statusCode, node.body).toBe(201);
    const second = await add(pbsTokenBody(pbs, { name: 'Second PBS' }), owner.auth);
    expect(second.statusCode, second.body).toBe(201);
    // The limit still holds for PVE nodes.
    const refused = await add(tokenBody(bed.fleet.nodes[0]!, { name: 'Second node' }), owner.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_limit' });
  });

  it('edits a PBS: rename, rotate to a password, refuse a pin it does not present; no privilege check', async () => {
    const id = (await add(pbsTokenBody(pbs, { name: 'Edit me' }))).json<HostDto>().id;
    const patch = (payload: object) =>
      bed.t.app.inject({ method: 'PATCH', url: `/api/hosts/${id}`, headers: bed.owner.auth, payload });
    expect((await patch({ name: 'Renamed PBS' })).json<HostDto>()).toMatchObject({ name: 'Renamed PBS', type: 'pbs' });
    const rotated = await patch({ credentials: { user: 'root@pam', auth_type: 'password', password: pbs.password } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json()).toMatchObject({ auth_type: 'password', status: 'online' });
    const wrongPin = await patch({ fingerprint: OTHER_FINGERPRINT });
    expect(wrongPin.statusCode).toBe(400);
    const cert = await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${id}/certificate`, headers: bed.owner.auth });
    expect(cert.json()).toMatchObject({ pinned: pbs.fingerprint, presented: pbs.fingerprint, matches: true });
    const privileges = await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${id}/privileges`, headers: bed.owner.auth });
    expect(privileges.statusCode).toBe(400);
    expect(privileges.json()).toMatchObject({ code: 'bad_request', detail: expect.stringContaining('Proxmox Backup Server') });
    const sync = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${id}/sync`, headers: bed.owner.auth });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toEqual({ message: 'Read Renamed PBS (Proxmox Backup Server 3.2)' });
    expect((await remove(id)).statusCode).toBe(200);
  });

  it('polls a PBS with its own endpoints; down, it goes offline with an event, and comes back online', async () => {
    const id = (await add(pbsTokenBody(pbs, { name: 'Polled PBS' }))).json<HostDto>().id;
    const row = async () => (await bed.t.database.db.select().from(hosts).where(eq(hosts.id, id)))[0]!;
    const due = () =>
      bed.t.database.db
        .update(hosts)
        .set({ nextPollAt: new Date(Date.now() - 1000) })
        .where(eq(hosts.id, id));
    // A poll that asked PVE's endpoints (/cluster/resources) would find 404s and mark it offline.
    const before = (await row()).lastSyncAt!;
    await due();
    const polled = await until(row, (h) => h.lastSyncAt! > before);
    expect(polled).toMatchObject({ status: 'online', lastError: null, pollFailures: 0 });

    await bed.fleet.setFault(pbs.name, { kind: 'refuse' });
    try {
      await due();
      const down = await until(row, (h) => h.status === 'offline');
      expect(down.status).toBe('offline');
      expect(down.lastError).toContain('Cannot reach a Proxmox Backup Server API');
      expect((await list()).find((h) => h.id === id)).toMatchObject({ status: 'offline' });
    } finally {
      await bed.fleet.setFault(pbs.name, null);
    }
    await due();
    expect((await until(row, (h) => h.status === 'online')).status).toBe('online');
    const types = (
      await bed.t.database.db
        .select({ type: events.type, data: events.data })
        .from(events)
        .where(and(eq(events.organisationId, bed.owner.user.organisationId!)))
    )
      .filter((e) => e.data['host_id'] === id)
      .map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['host.added', 'host.offline', 'host.online']));
    expect(types.indexOf('host.offline')).toBeLessThan(types.lastIndexOf('host.online'));
    expect((await remove(id)).statusCode).toBe(200);
  }, 30_000);
});
