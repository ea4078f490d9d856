import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '@proxai/contract';
import { memberships, schedules } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { routesClient } from '../../testing/routes-client';
import { trackSecret } from '../../testing/secrets';
import { createKey } from '../api-keys/api-keys.service';
import { giveLicence } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { schedulerTick, type SchedulerDeps } from './scheduler';
import { scheduleBody, seedHost, tasksOfSchedule } from './schedules.testing';

// Issue 31 §3 (second outside review): creating and running a schedule checked only schedules.manage/run. A key
// without guests.operate stopped a guest through a guest_action schedule it made and ran; a restore-test schedule
// carried an exec probe that POST /api/restore-tests refuses to the same key; where bulk stops are held for a second
// member's approval, an admin stopped three guests through a schedule with no step-up and no approval.

const T = (iso: string) => new Date(`2031-${iso}Z`);

describe.each(TEST_DATABASE_KINDS)('a schedule is authorised for what it will do, on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let org: string;
  const sent: string[] = [];
  let deps: SchedulerDeps;

  beforeAll(async () => {
    t = await createTestApp({ jobs: true, database: kind, env: { RATE_LIMIT_ENABLED: 'false', SCHEDULER_TICK_SECONDS: '60' } });
    owner = await buildUser(t.database.db, { orgRole: 'owner' });
    org = owner.user.organisationId!;
    await giveLicence(t.database.db, org, 'enterprise');
    await seedHost(t.database.db, org, [
      [101, ['night'], null],
      [102, ['night'], null],
      [103, ['night'], null],
    ]);
    deps = { db: t.database.db, log: t.app.log, dispatch: async (name) => (sent.push(name), null) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const key = async (scopes: string[]) => {
    const made = await createKey(
      t.database.db,
      { user: owner.authUser, organisationId: org, ip: '127.0.0.1' },
      { name: `key ${scopes.join(' ')}`, scopes: scopes as never, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    );
    trackSecret(made.secret);
    return routesClient(t, { authorization: `Bearer ${made.secret}` });
  };
  const send = (auth: { authorization: string }, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  it('a key may make and run only the schedules whose acts its scopes allow', async () => {
    const planner = await key(['fleet.read', 'schedules.manage', 'schedules.run']);
    for (const body of [
      scheduleBody({ params: { action: 'stop' } }),
      scheduleBody({ params: { action: 'start' } }),
      scheduleBody({ kind: 'snapshot', params: { keep_last: 1 } }),
    ]) {
      await planner.refused(
        planner.send('POST', '/api/schedules', body),
        403,
        'forbidden',
        /scopes do not include guests\.operate/,
      );
    }
    const tester = await key(['fleet.read', 'schedules.manage', 'schedules.run', 'restore_tests.run']);
    const exec = { type: 'exec', command: ['/bin/true'] };
    await tester.refused(
      tester.send('POST', '/api/schedules', scheduleBody({ kind: 'restore-test', params: { probes: [exec] } })),
      403,
      'forbidden',
      /restore_tests\.exec/,
    );
    const plain = await tester.created<Schedule>(
      '/api/schedules',
      scheduleBody({ kind: 'restore-test', params: { probes: [{ type: 'agent_ping' }] } }),
    );
    // Nor can a change slip the exec probe in.
    await tester.refused(
      tester.send('PATCH', `/api/schedules/${plain.id}`, { params: { probes: [exec] } }),
      403,
      'forbidden',
      /restore_tests\.exec/,
    );
    // A schedule made by someone allowed: the key runs it only if it may do what it does.
    const owners = routesClient(t, owner.auth, { stepUpEmail: owner.user.email });
    const stop = await owners.created<Schedule>(
      '/api/schedules',
      scheduleBody({ selector: { tags: ['night'] }, params: { action: 'stop' } }),
    );
    await planner.refused(planner.send('POST', `/api/schedules/${stop.id}/run`), 403, 'forbidden', /guests\.operate/);
  });

  it('a schedule that stops guests is a bulk stop: stepped up, and held for approval where the organisation holds them', async () => {
    const admin = await buildUser(t.database.db, { organisationId: org, orgRole: 'admin' });
    const admins = routesClient(t, admin.auth, { stepUpEmail: admin.user.email });
    // Made before the organisation held bulk stops (with a step-up), and one that starts guests.
    const asked = await send(
      admin.auth,
      'POST',
      '/api/schedules',
      scheduleBody({ selector: { tags: ['night'] }, params: { action: 'stop' } }),
    );
    expect(asked.statusCode, asked.body).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'step_up_required' });
    const stop = await admins.created<Schedule>(
      '/api/schedules',
      scheduleBody({ selector: { tags: ['night'] }, params: { action: 'stop' } }),
    );
    const start = await admins.created<Schedule>(
      '/api/schedules',
      scheduleBody({ selector: { tags: ['night'] }, params: { action: 'start' } }),
    );

    const policy = await withEmailStepUp(t.app, owner.auth, owner.user.email, {
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false, approval_actions: ['guests.bulk_stop'] },
    });
    expect(policy.statusCode, policy.body).toBe(200);

    const held = (res: { statusCode: number; body: string; json: () => unknown }) => {
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ code: 'approval_required', approval_id: expect.any(String) });
    };
    // Run now, a new stop schedule, and a start schedule changed into a stop one: each asks a step-up, then is held.
    for (const [method, url, payload] of [
      ['POST', `/api/schedules/${stop.id}/run`, undefined],
      ['POST', '/api/schedules', scheduleBody({ selector: { tags: ['night'] }, params: { action: 'stop' } })],
      ['PATCH', `/api/schedules/${start.id}`, { params: { action: 'restart' } }],
    ] as const) {
      const first = await send(admin.auth, method, url, payload);
      expect(first.statusCode, `${method} ${url}: ${first.body}`).toBe(401);
      expect(first.json()).toMatchObject({ code: 'step_up_required' });
      held(await admins.send(method, url, payload));
    }
    expect(sent).toEqual([]);
    // Starting guests is not a stop: no step-up, no approval.
    const run = await send(admin.auth, 'POST', `/api/schedules/${start.id}/run`);
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json()).toMatchObject({ task_id: expect.any(String) });
    // A key cannot ask for an approval: the held act is refused to it.
    const operatorKey = await key(['fleet.read', 'schedules.run', 'guests.operate']);
    await operatorKey.refused(operatorKey.send('POST', `/api/schedules/${stop.id}/run`), 403, 'forbidden', /approve/);
  });

  it('each occurrence checks its maker’s rights then: a maker demoted or a key revoked since gets the run skipped, with why', async () => {
    // The maker is an admin, demoted afterwards.
    const maker = await buildUser(t.database.db, { organisationId: org, orgRole: 'admin' });
    const makers = routesClient(t, maker.auth, { stepUpEmail: maker.user.email });
    const body = (name: string) =>
      scheduleBody({ name, cron: '0 3 * * *', selector: { tags: ['night'] }, params: { action: 'start' } });
    const byPerson = await makers.created<Schedule>('/api/schedules', body('made by a person'));
    const keyed = await key(['fleet.read', 'schedules.manage', 'guests.operate']);
    const byKey = await keyed.created<Schedule>('/api/schedules', body('made by a key'));
    // Only these two are due at the tick below.
    await t.database.db.update(schedules).set({ enabled: false }).where(eq(schedules.organisationId, org));
    for (const id of [byPerson.id, byKey.id]) {
      await t.database.db
        .update(schedules)
        .set({ enabled: true, createdAt: T('01-01T00:00:00') })
        .where(eq(schedules.id, id));
    }

    await t.database.db.update(memberships).set({ role: 'readonly' }).where(eq(memberships.userId, maker.user.id));
    const revoked = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: owner.auth });
    const keyId = revoked
      .json<{ items: { id: string; name: string }[] }>()
      .items.find((k) => k.name.includes('schedules.manage guests.operate'))!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${keyId}`, headers: owner.auth })).statusCode).toBe(204);

    sent.length = 0;
    await schedulerTick(deps, T('01-06T03:00:02'), 5000);
    const [personRun] = await tasksOfSchedule(t.database.db, byPerson.id);
    expect(personRun).toMatchObject({ status: 'skipped' });
    expect(personRun!.error).toMatch(/no longer has the permission guests\.operate/);
    const [keyRun] = await tasksOfSchedule(t.database.db, byKey.id);
    expect(keyRun).toMatchObject({ status: 'skipped' });
    expect(keyRun!.error).toMatch(/API key that made it .* was revoked/);
    expect(sent).toEqual([]);
  });
});
