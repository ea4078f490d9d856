import { randomBytes } from 'node:crypto';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/sessions/sessions.service';
import { giveLicence, passwordBody } from '../modules/hosts/hosts.testing';
import { createTestApp, type TestApp } from '../testing/app';
import { buildOrganisation, buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';
import { LOOPBACK_HOSTS } from '../testing/env';
import { insertTask } from '../modules/tasks/tasks.repository';

const ACTORS = ['anonymous', 'other', 'readonly', 'operator', 'owner', 'platformAdmin'] as const;
type Actor = (typeof ACTORS)[number];

/** Expected status per actor: `other` owns another organisation; `platformAdmin` is vendor staff without one. */
type Row = [number, number, number, number, number, number];

interface Case {
  /** The route pattern as registered, e.g. `POST /api/hosts/:id/sync`. */
  route: string;
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (w: World) => string;
  body?: (w: World, actor: Actor) => unknown;
  headers?: Record<string, string>;
  /** A never-ending answer (the event stream): asked over a real socket, only its status is read. */
  stream?: true;
  expect: Row;
}

interface World {
  orgA: string;
  hostA: string;
  hostsToDelete: string[];
  runningGuestA: string;
  runningGuestVmid: number;
  licenceA: string;
  /** A queued task of organisation A (no job runs it). */
  taskA: string;
  windowA: string;
  scheduleA: string;
  /** Made by the owner's create calls, deleted by its delete calls. */
  windowsToDelete: string[];
  schedulesToDelete: string[];
  fleet: Fleet;
}

const unique = () => randomBytes(4).toString('hex');

// anonymous, other, readonly, operator, owner, platformAdmin
const CASES: Case[] = [
  { route: 'GET /api/health', name: 'health', method: 'GET', url: () => '/api/health', expect: [200, 200, 200, 200, 200, 200] },
  {
    route: 'GET /api/auth/providers',
    name: 'sign-in providers',
    method: 'GET',
    url: () => '/api/auth/providers',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/auth/me',
    name: 'who am I',
    method: 'GET',
    url: () => '/api/auth/me',
    expect: [401, 200, 200, 200, 200, 200],
  },
  { route: 'GET /api/hosts', name: 'list hosts', method: 'GET', url: () => '/api/hosts', expect: [401, 200, 200, 200, 200, 403] },
  {
    route: 'POST /api/hosts',
    name: 'add a host',
    method: 'POST',
    url: () => '/api/hosts',
    body: (w, actor) => passwordBody(w.fleet.nodes[actor === 'other' ? 2 : 1]!, { name: `perm-${unique()}` }),
    expect: [401, 201, 403, 403, 201, 403],
  },
  {
    route: 'POST /api/hosts/:id/sync',
    name: 'sync a host',
    method: 'POST',
    url: (w) => `/api/hosts/${w.hostA}/sync`,
    expect: [401, 404, 403, 200, 200, 403],
  },
  { route: 'GET /api/vms', name: 'list guests', method: 'GET', url: () => '/api/vms', expect: [401, 200, 200, 200, 200, 403] },
  { route: 'GET /api/stats', name: 'stats', method: 'GET', url: () => '/api/stats', expect: [401, 200, 200, 200, 200, 403] },
  {
    route: 'POST /api/vms/:id/action',
    name: 'restart a guest',
    method: 'POST',
    url: (w) => `/api/vms/${w.runningGuestA}/action`,
    body: (w) => ({ action: 'restart', vmid: w.runningGuestVmid }),
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'POST /api/events/ticket',
    name: 'ticket for the event stream',
    method: 'POST',
    url: () => '/api/events/ticket',
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/events',
    name: 'event stream',
    method: 'GET',
    url: () => '/api/events',
    stream: true,
    expect: [401, 200, 200, 200, 200, 403],
  },
  { route: 'GET /api/tasks', name: 'list tasks', method: 'GET', url: () => '/api/tasks', expect: [401, 200, 200, 200, 200, 403] },
  {
    route: 'GET /api/tasks/:id',
    name: 'read a task',
    method: 'GET',
    url: (w) => `/api/tasks/${w.taskA}`,
    expect: [401, 404, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/tasks/:id/cancel',
    name: 'cancel a queued task',
    method: 'POST',
    url: (w) => `/api/tasks/${w.taskA}/cancel`,
    // The operator cancels it; for the owner, after, it has already ended.
    expect: [401, 404, 403, 200, 409, 403],
  },
  {
    route: 'GET /api/proxai/advice',
    name: 'assistant advice',
    method: 'GET',
    url: () => '/api/proxai/advice?context=general',
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/licenses/public-key',
    name: 'licence public key',
    method: 'GET',
    url: () => '/api/licenses/public-key',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/admin/licenses/:organisation_id',
    name: 'list licences of org A',
    method: 'GET',
    url: (w) => `/api/admin/licenses/${w.orgA}`,
    expect: [401, 404, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/admin/licenses/generate',
    name: 'generate a licence',
    method: 'POST',
    url: () => '/api/admin/licenses/generate',
    body: (w) => ({ organisation_id: w.orgA, plan_type: 'pro', duration_days: 30 }),
    expect: [401, 403, 403, 403, 403, 201],
  },
  {
    route: 'GET /api/admin/organisations',
    name: 'list organisations',
    method: 'GET',
    url: () => '/api/admin/organisations',
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/licenses/:id/revoke',
    name: 'revoke a licence',
    method: 'POST',
    url: (w) => `/api/admin/licenses/${w.licenceA}/revoke`,
    body: () => ({ reason: 'permission matrix' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/newsletter/subscribe',
    name: 'newsletter',
    method: 'POST',
    url: () => '/api/newsletter/subscribe',
    body: () => ({ email: `perm-${unique()}@example.test` }),
    expect: [201, 201, 201, 201, 201, 201],
  },
  {
    route: 'POST /api/contact',
    name: 'contact',
    method: 'POST',
    url: () => '/api/contact',
    body: () => ({ name: 'Perm Test', email: 'perm@example.test', subject: 'other', message: 'Permission matrix message.' }),
    expect: [201, 201, 201, 201, 201, 201],
  },
  // Sign-in flows: public, and the same answer whoever calls (bad or unknown credentials).
  {
    route: 'POST /api/auth/magic-link',
    name: 'request a sign-in code',
    method: 'POST',
    url: () => '/api/auth/magic-link',
    body: () => ({ email: `perm-${unique()}@example.test`, language: 'fr' }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    route: 'POST /api/auth/verify-otp',
    name: 'verify a wrong code',
    method: 'POST',
    url: () => '/api/auth/verify-otp',
    body: () => ({ email: 'nobody@example.test', otp_code: '000000' }),
    // A signed-in caller is first asked to confirm replacing its account (login CSRF); nothing is checked or consumed.
    expect: [400, 409, 409, 409, 409, 409],
  },
  {
    route: 'POST /api/auth/admin-login',
    name: 'administrator sign-in with a wrong password',
    method: 'POST',
    url: () => '/api/auth/admin-login',
    // One address per caller: five failures on one address lock it.
    body: (_w, actor) => ({ email: `nobody-${actor}@example.test`, password: 'wrong-password-123' }),
    expect: [401, 401, 401, 401, 401, 401],
  },
  {
    route: 'POST /api/auth/oauth/session',
    name: 'complete an unknown handoff',
    method: 'POST',
    url: () => '/api/auth/oauth/session',
    headers: { 'x-session-id': 'not-a-real-handoff-id-000000000000' },
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    route: 'POST /api/auth/magic',
    name: 'complete an unknown magic link',
    method: 'POST',
    url: () => '/api/auth/magic',
    body: () => ({ token: 'not-a-real-magic-token-000000000000' }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    route: 'GET /api/auth/magic',
    name: 'open an invalid magic link',
    method: 'GET',
    url: () => '/api/auth/magic?token=nope',
    expect: [302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/auth/oidc/start',
    name: 'start OpenID Connect (not configured)',
    method: 'GET',
    url: () => '/api/auth/oidc/start',
    expect: [302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/auth/oidc/callback',
    name: 'OpenID callback without state',
    method: 'GET',
    url: () => '/api/auth/oidc/callback',
    expect: [302, 302, 302, 302, 302, 302],
  },
  {
    route: 'GET /api/dev/outbox',
    name: 'dev outbox (development only)',
    method: 'GET',
    url: () => '/api/dev/outbox?to=nobody@example.test',
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    route: 'PATCH /api/hosts/:id',
    name: 'rename a host',
    method: 'PATCH',
    url: (w) => `/api/hosts/${w.hostA}`,
    body: () => ({ name: `Renamed A ${unique()}` }),
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/hosts/:id/certificate',
    name: "a host's presented certificate",
    method: 'GET',
    url: (w) => `/api/hosts/${w.hostA}/certificate`,
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/hosts/:id/privileges',
    name: "a host's missing privileges",
    method: 'GET',
    url: (w) => `/api/hosts/${w.hostA}/privileges`,
    expect: [401, 404, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/vms/bulk-action',
    name: 'restart guests in bulk',
    method: 'POST',
    url: () => '/api/vms/bulk-action',
    body: (w) => ({ action: 'restart', ids: [w.runningGuestA] }),
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'GET /api/vms/:id/snapshots',
    name: "a guest's snapshots",
    method: 'GET',
    url: (w) => `/api/vms/${w.runningGuestA}/snapshots`,
    expect: [401, 404, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/vms/:id/snapshots',
    name: 'take a snapshot',
    method: 'POST',
    url: (w) => `/api/vms/${w.runningGuestA}/snapshots`,
    body: (_w, actor) => ({ name: `perm-${actor}` }),
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'POST /api/vms/:id/snapshots/:name/rollback',
    name: 'roll back to a snapshot (none by that name: the task fails)',
    method: 'POST',
    url: (w) => `/api/vms/${w.runningGuestA}/snapshots/perm-missing/rollback`,
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'DELETE /api/vms/:id/snapshots/:name',
    name: 'delete a snapshot',
    method: 'DELETE',
    url: (w) => `/api/vms/${w.runningGuestA}/snapshots/perm-missing`,
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'GET /api/windows',
    name: 'list windows',
    method: 'GET',
    url: () => '/api/windows',
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/windows',
    name: 'create a window',
    method: 'POST',
    url: () => '/api/windows',
    body: () => ({ name: `perm-${unique()}`, days: ['mon'], start: '01:00', duration_minutes: 60, timezone: 'UTC' }),
    expect: [401, 201, 403, 403, 201, 403],
  },
  {
    route: 'PATCH /api/windows/:id',
    name: 'change a window',
    method: 'PATCH',
    url: (w) => `/api/windows/${w.windowA}`,
    body: () => ({ name: `renamed-${unique()}` }),
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/windows/:id',
    name: 'delete a window',
    method: 'DELETE',
    url: (w) => `/api/windows/${w.windowsToDelete[0] ?? w.windowA}`,
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/schedules',
    name: 'list schedules',
    method: 'GET',
    url: () => '/api/schedules',
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/schedules/plan',
    name: 'the week planner',
    method: 'GET',
    url: () => '/api/schedules/plan?from=2031-01-01T00:00:00Z&to=2031-01-02T00:00:00Z',
    expect: [401, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/schedules/:id',
    name: 'read a schedule',
    method: 'GET',
    url: (w) => `/api/schedules/${w.scheduleA}`,
    expect: [401, 404, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/schedules',
    name: 'create a schedule',
    method: 'POST',
    url: () => '/api/schedules',
    body: () => ({
      name: `perm-${unique()}`,
      kind: 'guest_action',
      cron: '0 3 * * *',
      timezone: 'UTC',
      selector: { all: true },
      params: { action: 'stop' },
      enabled: false,
    }),
    expect: [401, 201, 403, 403, 201, 403],
  },
  {
    route: 'PATCH /api/schedules/:id',
    name: 'change a schedule',
    method: 'PATCH',
    url: (w) => `/api/schedules/${w.scheduleA}`,
    body: () => ({ name: `renamed-${unique()}` }),
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/schedules/:id/run',
    name: 'run a schedule now',
    method: 'POST',
    url: (w) => `/api/schedules/${w.scheduleA}/run`,
    expect: [401, 404, 403, 202, 202, 403],
  },
  {
    route: 'DELETE /api/schedules/:id',
    name: 'delete a schedule',
    method: 'DELETE',
    url: (w) => `/api/schedules/${w.schedulesToDelete[0] ?? w.scheduleA}`,
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'PATCH /api/auth/me',
    name: 'choose a time zone',
    method: 'PATCH',
    url: () => '/api/auth/me',
    body: () => ({ timezone: 'Europe/Paris' }),
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    route: 'DELETE /api/hosts/:id',
    name: 'delete a host',
    method: 'DELETE',
    url: (w) => `/api/hosts/${w.hostsToDelete.pop() ?? w.hostA}`,
    expect: [401, 404, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/auth/logout',
    name: 'sign out',
    method: 'POST',
    url: () => '/api/auth/logout',
    expect: [401, 200, 200, 200, 200, 200],
  },
  {
    // Last: it ends every session of each caller.
    route: 'POST /api/auth/logout-all',
    name: 'sign out everywhere',
    method: 'POST',
    url: () => '/api/auth/logout-all',
    expect: [401, 200, 200, 200, 200, 200],
  },
];

describe('permission matrix: every route × every kind of caller', () => {
  let t: TestApp;
  let fleet: Fleet;
  const world = {} as World;
  const users = {} as Record<Exclude<Actor, 'anonymous'>, { id: string; token: string }>;
  const orgAMarkers: string[] = [];
  let base: string;

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 3, guests: 12, seed: 11, pbs: false }), { taskDurationMs: 30 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: '2000', ...LOOPBACK_HOSTS } });
    const db = t.database.db;
    const orgA = await buildOrganisation(db, { name: `Org A ${unique()}` });
    await giveLicence(db, orgA.id, 'enterprise');
    const owner = await buildUser(db, { organisationId: orgA.id, orgRole: 'owner' });
    for (const [actor, role] of [
      ['readonly', 'readonly'],
      ['operator', 'operator'],
    ] as const) {
      const u = await buildUser(db, { organisationId: orgA.id, orgRole: role });
      users[actor] = { id: u.user.id, token: u.token };
    }
    users.owner = { id: owner.user.id, token: owner.token };
    const other = await buildUser(db, { orgRole: 'owner' });
    // With a plan that has every feature, so what it gets for A's ids shows ownership, not its plan.
    await giveLicence(db, other.user.organisationId!, 'enterprise');
    users.other = { id: other.user.id, token: other.token };
    const admin = await buildUser(db, { role: 'admin', organisationId: null });
    users.platformAdmin = { id: admin.user.id, token: admin.token };

    const add = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: passwordBody(fleet.nodes[0]!, { name }),
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json<{ id: string }>().id;
    };
    world.hostA = await add(`Secret host of org A ${unique()}`);
    world.hostsToDelete = [await add(`Doomed A ${unique()}`)];
    const vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      {
        id: string;
        vmid: number;
        name: string;
        state: string;
        host_id: string;
      }[]
    >();
    const running = vms.find((v) => v.state === 'running' && v.host_id === world.hostA);
    if (!running) throw new Error('no running guest in the simulated node');
    world.runningGuestA = running.id;
    world.runningGuestVmid = running.vmid;
    const gen = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses/generate',
      headers: admin.auth,
      payload: { organisation_id: orgA.id, plan_type: 'enterprise', duration_days: 365 },
    });
    world.licenceA = gen.json<{ id: string }>().id;
    world.orgA = orgA.id;
    world.fleet = fleet;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    world.taskA = (
      await insertTask(
        db,
        {
          organisationId: orgA.id,
          kind: 'guest.start',
          hostId: world.hostA,
          createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
        },
        'queued for the permission matrix',
      )
    ).id;
    const created = async <T extends { id: string }>(url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: owner.auth, payload });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json<T>().id;
    };
    const windowBody = () => ({
      name: `Window ${unique()}`,
      days: ['sun'],
      start: '02:00',
      duration_minutes: 120,
      timezone: 'UTC',
    });
    world.windowA = await created('/api/windows', windowBody());
    world.windowsToDelete = [await created('/api/windows', windowBody())];
    const scheduleBody = () => ({
      name: `Schedule ${unique()}`,
      kind: 'guest_action',
      cron: '0 4 * * *',
      timezone: 'UTC',
      selector: { guest_ids: [world.runningGuestA] },
      params: { action: 'start' },
    });
    world.scheduleA = await created('/api/schedules', scheduleBody());
    world.schedulesToDelete = [await created('/api/schedules', scheduleBody())];
    orgAMarkers.push(
      orgA.id,
      orgA.name,
      world.hostA,
      world.licenceA,
      world.taskA,
      world.windowA,
      world.scheduleA,
      ...vms.map((v) => v.id),
      owner.user.email,
    );
  });
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });

  it('covers every registered /api route', () => {
    const registered = t.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(CASES.map((c) => c.route));
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.method} ${c.name}`, async () => {
      const seen: string[] = [];
      for (const actor of ACTORS) {
        // Sign-out revokes the session it is called with: give it a session of its own.
        let token = actor === 'anonymous' ? undefined : users[actor].token;
        if (token && c.name === 'sign out')
          token = (await createSession(t.database.db, users[actor as Exclude<Actor, 'anonymous'>].id)).token;
        if (c.name === 'delete a host' && actor === 'owner') world.hostsToDelete.push(world.hostsToDelete.at(-1) ?? world.hostA);
        if (c.stream) {
          const abort = new AbortController();
          const streamed = await fetch(`${base}${c.url(world)}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
            signal: abort.signal,
          });
          seen.push(`${actor}=${streamed.status}`);
          if (streamed.status >= 400) expect(await streamed.json()).toMatchObject({ detail: expect.any(String) });
          abort.abort();
          continue;
        }
        const res = await t.app.inject({
          method: c.method,
          url: c.url(world),
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...c.headers },
          ...(c.body ? { payload: c.body(world, actor) as object } : {}),
        });
        seen.push(`${actor}=${res.statusCode}`);
        if (res.statusCode >= 400) expect(res.json(), `${actor}: ${res.body}`).toMatchObject({ detail: expect.any(String) });
        if (actor !== 'platformAdmin' && !['readonly', 'operator', 'owner'].includes(actor)) {
          for (const marker of orgAMarkers) expect(res.body.includes(marker), `${actor} saw ${marker} in ${c.name}`).toBe(false);
        }
      }
      expect(seen).toEqual(ACTORS.map((a, i) => `${a}=${c.expect[i]}`));
    });
  }
});
