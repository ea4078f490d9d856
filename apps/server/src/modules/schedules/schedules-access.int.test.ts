import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow, Schedule, SchedulePlan, TaskDetail } from '@proxai/contract';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { eventsOf, scheduleBody, schedulesAppPerFile, seedHost, windowBody } from './schedules.testing';

/**
 * Who may read, change and run windows and schedules, a run now, the week planner and the profile's time zone
 * (issue 10).
 */
describe.each(TEST_DATABASE_KINDS)('schedules: roles, run-now and the planner on %s', (kind) => {
  const bed = schedulesAppPerFile(kind);

  it('lets every member read; owners and admins change; operators also run now; others get 403 or 404', async () => {
    const as = async (orgRole: 'readonly' | 'operator' | 'admin') =>
      (await buildUser(bed.t.database.db, { organisationId: bed.org, orgRole })).auth;
    const [readonly, operator, admin] = [await as('readonly'), await as('operator'), await as('admin')];
    const strangerUser = await buildUser(bed.t.database.db, { orgRole: 'owner' });
    // Another organisation that has automation too: what it gets for A's ids is 404, not plan_required.
    await giveLicence(bed.t.database.db, strangerUser.user.organisationId!, 'pro');
    const stranger = strangerUser.auth;
    const platformAdmin = (await buildUser(bed.t.database.db, { role: 'admin', organisationId: null })).auth;
    const w = await bed.api.created<MaintenanceWindow>('/api/windows', windowBody());
    // Starting guests: its run-now and changes ask no step-up (stopping ones do: schedule-rights.int.test.ts).
    const s = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({ selector: { guest_ids: [bed.guestsA[0]] }, params: { action: 'start' } }),
    );
    const status = async (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      body?: unknown,
    ) => (await bed.api.send(method, url, body, headers)).statusCode;
    for (const headers of [readonly, operator, admin, bed.owner.auth]) {
      expect(await status('GET', '/api/windows', headers)).toBe(200);
      expect(await status('GET', '/api/schedules', headers)).toBe(200);
      expect(await status('GET', `/api/schedules/${s.id}`, headers)).toBe(200);
      expect(await status('GET', '/api/schedules/plan?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z', headers)).toBe(200);
    }
    for (const headers of [readonly, operator]) {
      expect(await status('POST', '/api/windows', headers, windowBody())).toBe(403);
      expect(await status('PATCH', `/api/windows/${w.id}`, headers, { name: 'x' })).toBe(403);
      expect(await status('DELETE', `/api/windows/${w.id}`, headers)).toBe(403);
      expect(await status('POST', '/api/schedules', headers, scheduleBody())).toBe(403);
      expect(await status('PATCH', `/api/schedules/${s.id}`, headers, { name: 'x' })).toBe(403);
      expect(await status('DELETE', `/api/schedules/${s.id}`, headers)).toBe(403);
    }
    const forbidden = await bed.api.send('POST', '/api/windows', windowBody(), operator);
    expect(forbidden.json()).toMatchObject({
      code: 'forbidden',
      detail: 'Your role (operator) does not allow this (schedules.manage)',
    });
    expect(await status('POST', `/api/schedules/${s.id}/run`, readonly)).toBe(403);
    expect(await status('POST', `/api/schedules/${s.id}/run`, operator)).toBe(202);
    expect(await status('POST', '/api/windows', admin, windowBody())).toBe(201);
    expect(await status('PATCH', `/api/schedules/${s.id}`, admin, { name: 'by admin' })).toBe(200);
    // Another organisation's owner does not see them; a platform administrator has no organisation.
    expect(await status('GET', `/api/schedules/${s.id}`, stranger)).toBe(404);
    expect(await status('PATCH', `/api/schedules/${s.id}`, stranger, { name: 'x' })).toBe(404);
    expect(await status('POST', `/api/schedules/${s.id}/run`, stranger)).toBe(404);
    expect(await status('DELETE', `/api/windows/${w.id}`, stranger)).toBe(404);
    expect((await bed.api.send('GET', '/api/windows', undefined, stranger)).json<{ items: unknown[] }>().items).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/windows'],
      ['GET', '/api/schedules'],
      ['POST', `/api/schedules/${s.id}/run`],
    ] as const) {
      expect(await status(method, url, platformAdmin)).toBe(403);
      expect(await status(method, url, {})).toBe(401);
    }
  });

  it('runs a schedule now: 202 and a parent task made by the person, whatever the window', async () => {
    // A window that is never open now: Mondays at 00:00 for 5 minutes, in a far time zone.
    const closed = await bed.api.created<MaintenanceWindow>(
      '/api/windows',
      windowBody({ days: ['mon'], start: '00:00', duration_minutes: 5 }),
    );
    const s = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({ name: 'Stop web', window_id: closed.id, selector: { tags: ['web'] } }),
    );
    const res = await bed.api.send('POST', `/api/schedules/${s.id}/run`);
    expect(res.statusCode, res.body).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();
    const task = (await bed.api.send('GET', `/api/tasks/${task_id}`)).json<TaskDetail>();
    expect(task).toMatchObject({
      kind: 'bulk.stop',
      schedule_id: s.id,
      params: { action: 'stop', guest_ids: [bed.guestsA[0]] },
      created_by: { type: 'user', id: bed.owner.user.id, name: bed.owner.user.email },
      target: { host_id: bed.hostA },
    });
    expect(task.scheduled_for).not.toBeNull();
    const fired = (await eventsOf(bed.t.database.db, bed.org, 'schedule.fired')).find((e) => e.data.task_id === task_id);
    expect(fired?.data).toMatchObject({ schedule_id: s.id, name: 'Stop web' });
    // A manual run is not one of the cron's occurrences.
    expect((await bed.api.send('GET', `/api/schedules/${s.id}`)).json<Schedule>().last_run_at).toBeNull();

    const snap = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({ kind: 'snapshot', params: { keep_last: 3 }, selector: { pools: ['blue'] } }),
    );
    const snapTask = await bed.api.send('POST', `/api/schedules/${snap.id}/run`);
    const detail = (await bed.api.send('GET', `/api/tasks/${snapTask.json<{ task_id: string }>().task_id}`)).json<TaskDetail>();
    expect(detail).toMatchObject({ kind: 'snapshot.policy', params: { keep_last: 3, prefix: 'auto', schedule_name: snap.name } });
    expect(detail.params.guest_ids).toEqual([bed.guestsA[0], bed.guestsA[2]]);

    const none = await bed.api.created<Schedule>('/api/schedules', scheduleBody({ selector: { tags: ['nothing-has-this'] } }));
    await bed.api.refused(bed.api.send('POST', `/api/schedules/${none.id}/run`), 409, 'invalid_state', /No guest matches/);
  });

  it('plans every occurrence with its hosts, estimate, window and snapshot conflicts on a shared host', async () => {
    const { hostId: hostC } = await seedHost(bed.t.database.db, bed.org, [
      [301, ['plan'], null],
      [302, ['plan'], null],
    ]);
    const early = await bed.api.created<MaintenanceWindow>(
      '/api/windows',
      windowBody({ days: ['wed'], start: '01:00', duration_minutes: 60 }),
    );
    const a = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({
        name: 'Plan snap A',
        kind: 'snapshot',
        cron: '0 1 * * *',
        selector: { host_ids: [hostC] },
        params: { keep_last: 1 },
        window_id: early.id,
      }),
    );
    const b = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({
        name: 'Plan snap B',
        kind: 'snapshot',
        cron: '1 1 * * *',
        selector: { tags: ['plan'] },
        params: { keep_last: 1 },
      }),
    );
    const c = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({ name: 'Plan stop', cron: '0 1 * * *', selector: { host_ids: [hostC] } }),
    );
    // 2031-01-01 is a Wednesday.
    const plan = (
      await bed.api.send('GET', '/api/schedules/plan?from=2031-01-01T00:00:00Z&to=2031-01-03T00:00:00Z')
    ).json<SchedulePlan>();
    const mine = plan.occurrences.filter((o) => [a.id, b.id, c.id].includes(o.schedule_id));
    expect(mine.map((o) => [o.schedule_name, o.at, o.in_window])).toEqual([
      ['Plan snap A', '2031-01-01T01:00:00.000Z', true],
      ['Plan stop', '2031-01-01T01:00:00.000Z', true],
      ['Plan snap B', '2031-01-01T01:01:00.000Z', true],
      // Thursday: outside A's Wednesday window.
      ['Plan snap A', '2031-01-02T01:00:00.000Z', false],
      ['Plan stop', '2031-01-02T01:00:00.000Z', true],
      ['Plan snap B', '2031-01-02T01:01:00.000Z', true],
    ]);
    const first = mine[0]!;
    expect(first).toMatchObject({
      host_ids: [hostC],
      estimated_minutes: 2,
      ends_at: '2031-01-01T01:02:00.000Z',
      window_id: early.id,
    });
    expect(first.conflicts).toEqual([
      { schedule_id: b.id, schedule_name: 'Plan snap B', at: '2031-01-01T01:01:00.000Z', host_id: hostC, storage: null },
    ]);
    expect(mine[1]!.conflicts).toEqual([]);
    expect(mine[2]!.conflicts.map((x) => x.schedule_id)).toEqual([a.id]);
    expect(plan.truncated).toBe(false);

    const minutely = await bed.api.created<Schedule>('/api/schedules', scheduleBody({ cron: '* * * * *' }));
    const big = (
      await bed.api.send('GET', '/api/schedules/plan?from=2031-01-01T00:00:00Z&to=2031-01-03T00:00:00Z')
    ).json<SchedulePlan>();
    expect(big.occurrences).toHaveLength(2000);
    expect(big.truncated).toBe(true);
    await bed.api.send('PATCH', `/api/schedules/${minutely.id}`, { enabled: false });

    await bed.api.refused(
      bed.api.send('GET', '/api/schedules/plan?from=2031-01-02T00:00:00Z&to=2031-01-01T00:00:00Z'),
      400,
      'bad_request',
      "'to' must come after 'from'",
    );
    await bed.api.refused(
      bed.api.send('GET', '/api/schedules/plan?from=2031-01-01T00:00:00Z&to=2031-03-01T00:00:00Z'),
      400,
      'bad_request',
      'at most 31 days',
    );
    await bed.api.refused(
      bed.api.send('GET', '/api/schedules/plan?from=yesterday&to=2031-01-01T00:00:00Z'),
      400,
      'validation_failed',
      /from/,
    );
  });

  it("keeps the person's time zone in the profile", async () => {
    const me = await buildUser(bed.t.database.db, { orgRole: 'readonly' });
    expect((await bed.api.send('GET', '/api/auth/me', undefined, me.auth)).json()).toMatchObject({ timezone: null });
    const set = await bed.api.send('PATCH', '/api/auth/me', { timezone: 'America/Argentina/Buenos_Aires' }, me.auth);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: me.user.id, timezone: 'America/Argentina/Buenos_Aires' });
    expect((await bed.api.send('GET', '/api/auth/me', undefined, me.auth)).json()).toMatchObject({
      timezone: 'America/Argentina/Buenos_Aires',
    });
    await bed.api.refused(
      bed.api.send('PATCH', '/api/auth/me', { timezone: 'Atlantis/Capital' }, me.auth),
      400,
      'bad_request',
      /Unknown time zone/,
    );
    expect((await bed.api.send('PATCH', '/api/auth/me', { timezone: null }, me.auth)).json()).toMatchObject({ timezone: null });
    const admin = await buildUser(bed.t.database.db, { role: 'admin', organisationId: null });
    expect((await bed.api.send('PATCH', '/api/auth/me', { timezone: 'UTC' }, admin.auth)).statusCode).toBe(200);
  });
});
