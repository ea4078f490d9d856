import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { Alert, ApiKeyCreated, Task } from '@proxai/contract';
import type { Permission } from '@proxai/contract/permissions';
import { apiKeys, memberships } from '../../db/schema';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { withEmailStepUp, type Auth } from '../mfa/step-up.testing';
import { insertAlerts } from '../alerts/alerts.repository';
import { createKey } from './api-keys.service';

interface VmDto {
  id: string;
  vmid: number;
  host_id: string;
  node: string;
  tags: string[];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(TEST_DATABASE_KINDS)('API keys on %s', (kind) => {
  let bed: HostsTestbed | undefined;
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let hostIds: string[];

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 2, guests: 8, seed: 11, pbs: false }),
      taskDurationMs: 30,
      database: kind,
      addBody: (n) => tokenBody(n),
    });
    ({ t, fleet, owner, hostIds } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const create = async (auth: Auth, email: string, body: Record<string, unknown>) => {
    const res = await withEmailStepUp(t.app, auth, email, { method: 'POST', url: '/api/api-keys', payload: body });
    if (res.statusCode === 201) trackSecret(res.json<ApiKeyCreated>().secret);
    return res;
  };
  const keyOf = async (scopes: Permission[], extra: Record<string, unknown> = {}) => {
    const res = await create(owner.auth, owner.user.email, {
      name: `key ${scopes.join(' ')}`,
      scopes,
      expires_at: inDays(30),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json<ApiKeyCreated>();
    return { key, auth: { authorization: `Bearer ${key.secret}` } };
  };
  const get = (url: string, headers: Auth) => t.app.inject({ method: 'GET', url, headers });

  it('creates a key after a step-up, shows its secret once, and the key reads the fleet as Bearer', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.auth,
      payload: { name: 'ci', scopes: ['fleet.read'], expires_at: inDays(30) },
    });
    expect(first.statusCode).toBe(401);
    expect(first.json<{ code: string }>().code).toBe('step_up_required');

    const { key, auth } = await keyOf(['fleet.read']);
    expect(key.secret).toMatch(/^pxk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(`${key.prefix}_`)).toBe(true);
    expect(key.scopes).toEqual(['fleet.read']);

    const list = await get('/api/api-keys', owner.auth);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret.slice(key.prefix.length + 1));
    const listed = list.json<{ items: (ApiKeyCreated & { secret?: string })[] }>().items.find((k) => k.id === key.id)!;
    expect(listed.secret).toBeUndefined();
    expect(listed.created_by).toBe(owner.user.email);

    const vms = await get('/api/vms', auth);
    expect(vms.statusCode).toBe(200);
    expect(vms.json<VmDto[]>().length).toBe((await get('/api/vms', owner.auth)).json<VmDto[]>().length);
    const after = (await get('/api/api-keys', owner.auth)).json<{ items: { id: string; last_used_at: string | null }[] }>();
    expect(after.items.find((k) => k.id === key.id)?.last_used_at).not.toBeNull();
  });

  it('refuses a key without expiry, with an expiry past or beyond a year, and scopes beyond its creator', async () => {
    const noExpiry = await create(owner.auth, owner.user.email, { name: 'x', scopes: ['fleet.read'] });
    expect(noExpiry.statusCode).toBe(400);
    const past = await create(owner.auth, owner.user.email, { name: 'x', scopes: ['fleet.read'], expires_at: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('expires_at');
    const far = await create(owner.auth, owner.user.email, { name: 'x', scopes: ['fleet.read'], expires_at: inDays(400) });
    expect(far.statusCode).toBe(400);

    const operator = await buildUser(t.database.db, { organisationId: owner.user.organisationId, orgRole: 'operator' });
    const beyond = await create(operator.auth, operator.user.email, {
      name: 'too much',
      scopes: ['fleet.read', 'members.manage_owners'],
      expires_at: inDays(30),
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json<{ detail: string }>().detail).toContain('members.manage_owners');
    const within = await create(operator.auth, operator.user.email, {
      name: 'ops',
      scopes: ['guests.operate'],
      expires_at: inDays(30),
    });
    expect(within.statusCode, within.body).toBe(201);

    const readonly = await buildUser(t.database.db, { organisationId: owner.user.organisationId, orgRole: 'readonly' });
    const none = await create(readonly.auth, readonly.user.email, { name: 'r', scopes: ['fleet.read'], expires_at: inDays(30) });
    expect(none.statusCode).toBe(403);
  });

  it("acts within its scopes ∩ its creator's role, never steps up, and never reaches a person's own calls", async () => {
    const { auth: readKey } = await keyOf(['fleet.read']);
    const vm = (await get('/api/vms', owner.auth)).json<(VmDto & { state: string })[]>().find((v) => v.state === 'stopped')!;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${vm.id}/action`,
      headers: readKey,
      payload: { action: 'start' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toContain('guests.operate');

    expect((await get('/api/auth/me', readKey)).statusCode).toBe(403);
    const keyMakesKey = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: readKey,
      payload: { name: 'child', scopes: ['fleet.read'], expires_at: inDays(3) },
    });
    expect(keyMakesKey.statusCode).toBe(403);

    // The creator's role today bounds the key: a demoted creator's key loses what the new role lacks.
    const admin = await buildUser(t.database.db, { organisationId: owner.user.organisationId, orgRole: 'admin' });
    const made = await create(admin.auth, admin.user.email, {
      name: 'adm',
      scopes: ['fleet.read', 'guests.operate'],
      expires_at: inDays(30),
    });
    expect(made.statusCode, made.body).toBe(201);
    const adminKey = { authorization: `Bearer ${made.json<ApiKeyCreated>().secret}` };
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${vm.id}/action`,
      headers: adminKey,
      payload: { action: 'start' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const task = (await get(`/api/tasks/${started.json<{ task_id: string }>().task_id}`, owner.auth)).json<Task>();
    expect(task.created_by).toMatchObject({ type: 'api_key', name: 'adm' });

    await t.database.db.update(memberships).set({ role: 'readonly' }).where(eq(memberships.userId, admin.user.id));
    const demoted = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${vm.id}/action`,
      headers: adminKey,
      payload: { action: 'stop' },
    });
    expect(demoted.statusCode).toBe(403);
    expect((await get('/api/vms', adminKey)).statusCode).toBe(200);

    // Removing the creator from the organisation ends their keys.
    await t.database.db.delete(memberships).where(eq(memberships.userId, admin.user.id));
    const gone = await get('/api/vms', adminKey);
    expect(gone.statusCode).toBe(401);
  });

  it('deletes a host without a step-up, recorded under its name', async () => {
    const extra = await buildUser(t.database.db, { orgRole: 'owner' });
    const { giveLicence } = await import('../hosts/hosts.testing');
    await giveLicence(t.database.db, extra.user.organisationId!, 'pro');
    const node = fleet.nodes[0]!;
    const added = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: extra.auth, payload: tokenBody(node) });
    expect(added.statusCode, added.body).toBe(201);
    const made = await create(extra.auth, extra.user.email, {
      name: 'janitor',
      scopes: ['fleet.read', 'hosts.manage'],
      expires_at: inDays(7),
    });
    const keyAuth = { authorization: `Bearer ${made.json<ApiKeyCreated>().secret}` };
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/hosts/${added.json<{ id: string }>().id}`,
      headers: keyAuth,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await get('/api/hosts', extra.auth)).json<unknown[]>()).toHaveLength(0);
  });

  it('a key scoped to a host sees and touches only that host: others answer 404 and lists leave them out', async () => {
    const [mine, other] = hostIds as [string, string];
    const { auth } = await keyOf(['fleet.read', 'guests.operate', 'hosts.sync'], { host_ids: [mine] });
    const all = (await get('/api/vms', owner.auth)).json<VmDto[]>();
    const seen = (await get('/api/vms', auth)).json<VmDto[]>();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => v.host_id === mine)).toBe(true);
    expect(seen.length).toBe(all.filter((v) => v.host_id === mine).length);
    expect((await get('/api/hosts', auth)).json<{ id: string }[]>().map((h) => h.id)).toEqual([mine]);
    expect((await get('/api/stats', auth)).json<{ hosts: number; vms: number }>()).toMatchObject({ hosts: 1, vms: seen.length });

    const foreign = all.find((v) => v.host_id === other)!;
    const act = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${foreign.id}/action`,
      headers: auth,
      payload: { action: 'start' },
    });
    expect(act.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/hosts/${other}/sync`, headers: auth })).statusCode).toBe(404);
    expect((await get(`/api/hosts/${other}/privileges`, auth)).statusCode).toBe(404);
    expect((await get(`/api/metrics/guest/${foreign.id}`, auth)).statusCode).toBe(404);
    expect((await get(`/api/hosts/${mine}/privileges`, auth)).statusCode).toBe(200);
    // A call that cannot be narrowed to its hosts is refused to it.
    const unscoped = await get('/api/alert-rules', auth);
    expect(unscoped.statusCode, unscoped.body).toBe(403);
    expect(unscoped.json<{ detail: string }>().detail).toMatch(/limited to some hosts or tags; this call is not available/);
    const prom = await get('/api/metrics/prometheus', auth);
    expect(prom.statusCode).toBe(200);
    expect(prom.body).not.toContain(foreign.id);
  });

  it('a key scoped to a tag sees only the guests carrying it', async () => {
    const all = (await get('/api/vms', owner.auth)).json<VmDto[]>();
    const target = all[1]!;
    const simNode = fleet.node(target.node);
    simNode.guest(target.vmid).tags = ['apikey-test'];
    const synced = await t.app.inject({ method: 'POST', url: `/api/hosts/${target.host_id}/sync`, headers: owner.auth });
    expect(synced.statusCode, synced.body).toBe(200);
    const { auth } = await keyOf(['fleet.read'], { tags: ['apikey-test'] });
    const seen = (await get('/api/vms', auth)).json<VmDto[]>();
    expect(seen.map((v) => v.id)).toEqual([target.id]);
    expect((await get(`/api/vms/${all[0]!.id}/snapshots`, auth)).statusCode).toBe(404);
  });

  it('a scoped key lists and counts only the alerts about guests, hosts and storages it sees', async () => {
    const [mine, other] = hostIds as [string, string];
    const all = (await get('/api/vms', owner.auth)).json<VmDto[]>();
    const onMine = all.find((v) => v.host_id === mine)!;
    const onOther = all.find((v) => v.host_id === other)!;
    fleet.node(onOther.node).guest(onOther.vmid).tags = ['alerts-scope'];
    expect((await t.app.inject({ method: 'POST', url: `/api/hosts/${other}/sync`, headers: owner.auth })).statusCode).toBe(200);
    const organisationId = owner.user.organisationId!;
    const alert = (subjectKind: string, subjectId: string, hostId: string) => ({
      id: randomUUID(),
      organisationId,
      kind: 'cpu',
      severity: 'warning',
      subjectKind,
      subjectId,
      subjectName: `${subjectKind} ${subjectId.slice(0, 8)}`,
      hostId,
      summary: 'scope test',
      startedAt: new Date(),
    });
    const rows = {
      guestMine: alert('guest', onMine.id, mine),
      guestOther: alert('guest', onOther.id, other),
      hostMine: alert('host', mine, mine),
      hostOther: alert('host', other, other),
      storageMine: alert('storage', randomUUID(), mine),
    };
    await insertAlerts(t.database.db, Object.values(rows));
    const ours = new Set<string>(Object.values(rows).map((r) => r.id));
    const seenBy = async (auth: Auth) => {
      const res = await get('/api/alerts?status=active&limit=200', auth);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: { id: string }[] }>();
      const count = (await get('/api/alerts/count', auth)).json<{ active: number }>();
      expect(count.active).toBe(page.items.length);
      return page.items
        .filter((a) => ours.has(a.id))
        .map((a) => a.id)
        .sort();
    };
    const ids = (...picked: { id: string }[]) => picked.map((r) => r.id).sort();

    expect(await seenBy(owner.auth)).toEqual(ids(...Object.values(rows)));
    const byHost = await keyOf(['fleet.read'], { host_ids: [mine] });
    expect(await seenBy(byHost.auth)).toEqual(ids(rows.guestMine, rows.hostMine, rows.storageMine));
    // By tag: the tagged guest's alerts, and those of the host holding it.
    const byTag = await keyOf(['fleet.read'], { tags: ['alerts-scope'] });
    expect(await seenBy(byTag.auth)).toEqual(ids(rows.guestOther, rows.hostOther));
    // Both: the tagged guest is not on its host, so it sees none of these.
    const both = await keyOf(['fleet.read'], { host_ids: [mine], tags: ['alerts-scope'] });
    expect(await seenBy(both.auth)).toEqual([]);

    // A responder key acknowledges and silences the alerts it sees, under its own name; the others are 404.
    const responder = await keyOf(['fleet.read', 'alerts.respond'], { host_ids: [mine], name: 'on-call bot' });
    const respond = (row: { id: string }, action: 'ack' | 'silence') =>
      t.app.inject({
        method: 'POST',
        url: `/api/alerts/${row.id}/${action}`,
        headers: responder.auth,
        ...(action === 'silence' ? { payload: { minutes: 30 } } : {}),
      });
    const acked = await respond(rows.guestMine, 'ack');
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json()).toMatchObject({ id: rows.guestMine.id, acknowledged_by: 'on-call bot' });
    expect((await respond(rows.storageMine, 'silence')).statusCode).toBe(200);
    for (const row of [rows.guestOther, rows.hostOther]) {
      for (const action of ['ack', 'silence'] as const) {
        const res = await respond(row, action);
        expect(res.statusCode, `${action} ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
    }
    const after = (await get('/api/alerts?status=active&limit=200', owner.auth)).json<{ items: Alert[] }>().items;
    const byId = new Map(after.map((a) => [a.id, a]));
    expect(byId.get(rows.guestOther.id)).toMatchObject({ acknowledged_at: null, silenced_until: null });
    expect(byId.get(rows.hostOther.id)).toMatchObject({ acknowledged_at: null, silenced_until: null });
    expect(byId.get(rows.storageMine.id)?.silenced_until).not.toBeNull();
  });

  it('an expired or revoked key gets 401; revoking is for its creator or an administrator', async () => {
    const { key, auth } = await keyOf(['fleet.read']);
    expect((await get('/api/vms', auth)).statusCode).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const expired = await get('/api/vms', auth);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ detail: string }>().detail).toContain('expired');

    const second = await keyOf(['fleet.read']);
    const operator = await buildUser(t.database.db, { organisationId: owner.user.organisationId, orgRole: 'operator' });
    const notTheirs = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${second.key.id}`, headers: operator.auth });
    expect(notTheirs.statusCode).toBe(403);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${second.key.id}`, headers: owner.auth });
    expect(revoked.statusCode).toBe(204);
    expect((await get('/api/vms', second.auth)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${second.key.id}`, headers: owner.auth });
    expect(again.statusCode).toBe(409);
    const listed = (await get('/api/api-keys', owner.auth)).json<{ items: { id: string; revoked_at: string | null }[] }>();
    expect(listed.items.find((k) => k.id === second.key.id)?.revoked_at).not.toBeNull();

    const forged = await get('/api/vms', { authorization: `Bearer ${second.key.prefix}_${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
  });

  it('scoped API keys need the Essential plan', async () => {
    const free = await buildUser(t.database.db, { orgRole: 'owner' });
    const res = await create(free.auth, free.user.email, { name: 'f', scopes: ['fleet.read'], expires_at: inDays(3) });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string; plan: string }>()).toMatchObject({ code: 'plan_required', plan: 'essential' });
  });
});

describe('API key request budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits each key on its own, scrapes and the event stream included: past its requests per minute it gets 429 with Retry-After, another key goes on', async () => {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    const ctx = { user: owner.authUser, organisationId: owner.user.organisationId!, ip: '127.0.0.1' };
    const make = async (name: string) => {
      const key = await createKey(t.database.db, ctx, { name, scopes: ['fleet.read'], expires_at: inDays(1) });
      trackSecret(key.secret);
      return { authorization: `Bearer ${key.secret}` };
    };
    const busy = await make('busy');
    const calm = await make('calm');
    // One budget for all its calls, the scrapes of the routes that authenticate it themselves included.
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) {
      const url = i % 2 ? '/api/metrics/prometheus' : '/api/stats';
      const res = await t.app.inject({ method: 'GET', url, headers: busy });
      expect(res.statusCode, url).toBe(200);
    }
    for (const url of ['/api/stats', '/api/metrics/prometheus', '/api/events']) {
      const over = await t.app.inject({ method: 'GET', url, headers: busy });
      expect(over.statusCode, url).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json<{ code: string }>().code).toBe('rate_limited');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/stats', headers: calm })).statusCode).toBe(200);
  });
});
