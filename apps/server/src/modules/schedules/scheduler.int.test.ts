import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceWindow, Schedule } from '@proxai/contract';
import { schedules } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { schedulerTick, type SchedulerDeps } from './scheduler';
import { addRunHistory, eventsOf, scheduleBody, seedHost, tasksOfSchedule, windowBody } from './schedules.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';

/**
 * The scheduler's decisions (issue 10), on a chosen clock: an occurrence runs inside its window and is recorded
 * skipped, with its reason, outside it or when the job would outlast it; two replicas ticking at once record it
 * once; after downtime only the newest missed occurrence runs, and only with catch_up, at start.
 */
describe.each(TEST_DATABASE_KINDS)('the scheduler on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let org: string;
  const sent: { name: string; data: unknown }[] = [];
  let deps: SchedulerDeps;
  // Far after the real date: the app's own scheduler, on the real clock, finds nothing of these schedules due.
  const T = (iso: string) => new Date(`2031-${iso}Z`);
  const TICK_MS = 5000;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await createTestApp({
      jobs: true,
      reuseDatabase: database,
      env: { RATE_LIMIT_ENABLED: 'false', SCHEDULER_TICK_SECONDS: '60' },
    });
    owner = await buildUser(database.db, { orgRole: 'owner' });
    org = owner.user.organisationId!;
    await giveLicence(database.db, org, 'pro');
    await seedHost(database.db, org, [
      [101, ['night'], null],
      [102, ['night'], null],
    ]);
    deps = {
      db: database.db,
      log: t.app.log,
      dispatch: async (name, data) => {
        sent.push({ name, data });
        return null;
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const post = async <T>(url: string, payload: unknown): Promise<T> => {
    // A schedule that stops guests is a bulk stop: the owner confirms it with a mailed code (no second factor).
    const res = await withEmailStepUp(t.app, owner.auth, owner.user.email, { method: 'POST', url, payload: payload as object });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  /** A schedule as if made long before the chosen clock. */
  const schedule = async (over: Record<string, unknown>, madeAt = T('01-01T00:00:00')) => {
    const s = await post<Schedule>('/api/schedules', scheduleBody({ selector: { tags: ['night'] }, ...over }));
    await database.db.update(schedules).set({ createdAt: madeAt, updatedAt: madeAt }).where(eq(schedules.id, s.id));
    return s;
  };

  it('runs an occurrence inside its window: a queued parent task, its job queued, schedule.fired', async () => {
    // 2031-01-06 is a Monday. Mondays 01:00–03:00 UTC.
    const w = await post<MaintenanceWindow>('/api/windows', windowBody({ days: ['mon'], start: '01:00', duration_minutes: 120 }));
    const s = await schedule({ name: 'Inside', cron: '30 1 * * *', window_id: w.id });
    sent.length = 0;
    await schedulerTick(deps, T('01-06T01:30:02'), TICK_MS);
    const [task, ...more] = await tasksOfSchedule(database.db, s.id);
    expect(more).toEqual([]);
    expect(task).toMatchObject({
      kind: 'bulk.stop',
      status: 'queued',
      scheduledFor: T('01-06T01:30:00'),
      createdBy: { type: 'schedule', id: s.id, name: 'Inside' },
      params: { action: 'stop', guest_ids: expect.any(Array) },
    });
    expect((task!.params.guest_ids as string[]).length).toBe(2);
    expect(sent).toEqual([{ name: 'bulk.guest-action', data: { task_id: task!.id } }]);
    const fired = (await eventsOf(database.db, org, 'schedule.fired')).filter((e) => e.data.schedule_id === s.id);
    expect(fired.map((e) => e.data)).toEqual([
      { schedule_id: s.id, name: 'Inside', task_id: task!.id, scheduled_for: '2031-01-06T01:30:00.000Z' },
    ]);
    // Handled: the next ticks leave it alone.
    await schedulerTick(deps, T('01-06T01:30:07'), TICK_MS);
    expect(await tasksOfSchedule(database.db, s.id)).toHaveLength(1);
    const [row] = await database.db.select().from(schedules).where(eq(schedules.id, s.id));
    expect(row!.lastOccurrenceAt).toEqual(T('01-06T01:30:00'));
  });

  it('records an occurrence outside its window as skipped, with the reason, and schedule.skipped', async () => {
    const w = await post<MaintenanceWindow>(
      '/api/windows',
      windowBody({ name: 'Monday night', days: ['mon'], start: '01:00', duration_minutes: 120 }),
    );
    const s = await schedule({ name: 'Outside', kind: 'snapshot', params: { keep_last: 2 }, cron: '0 4 * * *', window_id: w.id });
    sent.length = 0;
    await schedulerTick(deps, T('01-06T04:00:03'), TICK_MS);
    const [task] = await tasksOfSchedule(database.db, s.id);
    const reason = 'Outside its maintenance window "Monday night" (mon at 01:00 for 120 minutes, UTC)';
    expect(task).toMatchObject({ kind: 'snapshot.policy', status: 'skipped', error: reason, scheduledFor: T('01-06T04:00:00') });
    expect(task!.endedAt).toEqual(T('01-06T04:00:03'));
    expect(sent).toEqual([]);
    const skipped = (await eventsOf(database.db, org, 'schedule.skipped')).filter((e) => e.data.schedule_id === s.id);
    expect(skipped.map((e) => e.data)).toEqual([
      { schedule_id: s.id, name: 'Outside', task_id: task!.id, scheduled_for: '2031-01-06T04:00:00.000Z', reason },
    ]);
  });

  it('skips an occurrence its estimate would not fit in the time left in the window', async () => {
    const w = await post<MaintenanceWindow>(
      '/api/windows',
      windowBody({ name: 'Short night', start: '02:30', duration_minutes: 60 }),
    );
    const s = await schedule({ name: 'Too long', cron: '0 3 * * *', window_id: w.id });
    await addRunHistory(database.db, org, s.id, [45, 45, 50]);
    await schedulerTick(deps, T('01-07T03:00:01'), TICK_MS);
    const latest = (await tasksOfSchedule(database.db, s.id)).find(
      (x) => x.scheduledFor?.getTime() === T('01-07T03:00:00').getTime(),
    );
    expect(latest).toMatchObject({
      status: 'skipped',
      error: 'It needs about 45 minutes, but its maintenance window "Short night" closes in 30',
    });
  });

  it('records an occurrence once when two replicas tick at the same time', async () => {
    const s = await schedule({ name: 'Racing', cron: '*/5 * * * *' });
    sent.length = 0;
    await Promise.all([schedulerTick(deps, T('01-08T10:05:01'), TICK_MS), schedulerTick(deps, T('01-08T10:05:02'), TICK_MS)]);
    expect(await tasksOfSchedule(database.db, s.id)).toHaveLength(1);
    expect(sent.filter((x) => (x.data as { task_id: string }).task_id)).toHaveLength(1);
  });

  it('after downtime runs only the newest missed occurrence, at start, and only with catch_up', async () => {
    // Hourly at a minute half an hour away from now: its newest occurrence is half an hour old, clearly missed.
    const minute = (new Date().getUTCMinutes() + 30) % 60;
    const catchUp = await schedule(
      { name: 'Catch up', cron: `${minute} * * * *`, catch_up: true },
      new Date(Date.now() - 3 * 86_400_000),
    );
    const noCatchUp = await schedule({ name: 'No catch up', cron: `${minute} * * * *` }, new Date(Date.now() - 3 * 86_400_000));
    // Handled until three days ago: some 72 occurrences missed since, while "the portal was down".
    for (const s of [catchUp, noCatchUp]) {
      await database.db
        .update(schedules)
        .set({ lastOccurrenceAt: new Date(Date.now() - 3 * 86_400_000) })
        .where(eq(schedules.id, s.id));
    }
    const restarted = await createTestApp({
      jobs: true,
      reuseDatabase: database,
      env: { RATE_LIMIT_ENABLED: 'false', SCHEDULER_TICK_SECONDS: '1' },
    });
    try {
      const deadline = Date.now() + 15_000;
      while ((await tasksOfSchedule(database.db, catchUp.id)).length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // A few more ticks change nothing.
      await new Promise((r) => setTimeout(r, 2500));
      const ran = await tasksOfSchedule(database.db, catchUp.id);
      expect(ran).toHaveLength(1);
      const newest = new Date();
      newest.setUTCSeconds(0, 0);
      if (newest.getUTCMinutes() < minute) newest.setUTCHours(newest.getUTCHours() - 1);
      newest.setUTCMinutes(minute);
      expect(ran[0]).toMatchObject({ kind: 'bulk.stop', scheduledFor: newest, createdBy: { type: 'schedule', id: catchUp.id } });
      expect(ran[0]!.status).not.toBe('skipped');
      expect(await tasksOfSchedule(database.db, noCatchUp.id)).toEqual([]);
      // Both count the missed occurrences as handled.
      const rows = await database.db.select().from(schedules);
      for (const id of [catchUp.id, noCatchUp.id]) expect(rows.find((r) => r.id === id)!.lastOccurrenceAt).toEqual(newest);
    } finally {
      await restarted.close();
    }
  });
});
