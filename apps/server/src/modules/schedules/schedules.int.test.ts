import { describe, expect, it } from 'vitest';
import type { MaintenanceWindow, Schedule } from '@proxai/contract';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { addRunHistory, eventsOf, scheduleBody, seedHost, schedulesAppPerFile, windowBody } from './schedules.testing';

/**
 * Maintenance windows and schedules over HTTP (issue 10): create, list, change, delete, and each refusal with what
 * is wrong. Roles, run-now and the planner are in schedules-access.int.test.ts; the scheduler's own decisions in
 * scheduler.int.test.ts.
 */
describe.each(TEST_DATABASE_KINDS)('windows and schedules on %s', (kind) => {
  const bed = schedulesAppPerFile(kind);

  it('creates, lists by name in pages, changes and deletes windows, telling the planner each time', async () => {
    const before = (await eventsOf(bed.t.database.db, bed.org, 'schedule.changed')).length;
    const a = await bed.api.created<MaintenanceWindow>(
      '/api/windows',
      windowBody({ name: 'A nights', days: ['sat', 'sun'], start: '22:30' }),
    );
    expect(a).toMatchObject({ name: 'A nights', days: ['sat', 'sun'], start: '22:30', duration_minutes: 120, timezone: 'UTC' });
    const b = await bed.api.created<MaintenanceWindow>(
      '/api/windows',
      windowBody({ name: 'B weekdays', timezone: 'Europe/Paris' }),
    );
    const page1 = (await bed.api.send('GET', '/api/windows?limit=1')).json<{
      items: MaintenanceWindow[];
      next_cursor: string | null;
    }>();
    expect(page1.items.map((w) => w.name)).toEqual(['A nights']);
    const page2 = (await bed.api.send('GET', `/api/windows?limit=1&cursor=${page1.next_cursor}`)).json<{
      items: MaintenanceWindow[];
    }>();
    expect(page2.items.map((w) => w.id)).toEqual([b.id]);
    await bed.api.refused(bed.api.send('GET', '/api/windows?cursor=nope'), 400, 'bad_request', /cursor/);

    const patched = await bed.api.send('PATCH', `/api/windows/${a.id}`, { duration_minutes: 240 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'A nights', start: '22:30', duration_minutes: 240 });
    expect((await bed.api.send('DELETE', `/api/windows/${b.id}`)).statusCode).toBe(200);
    await bed.api.refused(bed.api.send('DELETE', `/api/windows/${b.id}`), 404, 'not_found', /not found/);
    const changes = await eventsOf(bed.t.database.db, bed.org, 'schedule.changed');
    expect(changes.slice(before).map((e) => e.data)).toEqual([
      { schedule_id: null, window_id: a.id },
      { schedule_id: null, window_id: b.id },
      { schedule_id: null, window_id: a.id },
      { schedule_id: null, window_id: b.id },
    ]);
    expect(changes.at(-1)!.actor).toMatchObject({ type: 'user', id: bed.owner.user.id });
  });

  it('refuses windows with an unknown time zone or invalid fields, in the asked language', async () => {
    await bed.api.refused(
      bed.api.send('POST', '/api/windows', windowBody({ timezone: 'Mars/Olympus' })),
      400,
      'bad_request',
      'Unknown time zone: use an IANA name',
    );
    const french = await bed.t.app.inject({
      method: 'POST',
      url: '/api/windows',
      headers: { ...bed.owner.auth, 'accept-language': 'fr' },
      payload: windowBody({ timezone: '+02:00' }),
    });
    expect(french.json<{ detail: string }>().detail).toBe(
      'Fuseau horaire inconnu\u00a0: utilisez un nom IANA comme Europe/Paris, America/New_York ou UTC',
    );
    await bed.api.refused(
      bed.api.send('POST', '/api/windows', windowBody({ days: [] })),
      400,
      'validation_failed',
      /pick at least one day/,
    );
    await bed.api.refused(
      bed.api.send('POST', '/api/windows', windowBody({ start: '24:00' })),
      400,
      'validation_failed',
      /HH:MM/,
    );
    const w = await bed.api.created<MaintenanceWindow>('/api/windows', windowBody());
    await bed.api.refused(
      bed.api.send('PATCH', `/api/windows/${w.id}`, { timezone: 'Nowhere/Land' }),
      400,
      'bad_request',
      /Unknown time zone/,
    );
  });

  it('creates a schedule with its defaults and next run, reads, changes (merging params) and deletes it', async () => {
    const w = await bed.api.created<MaintenanceWindow>('/api/windows', windowBody({ name: 'Nightly' }));
    const s = await bed.api.created<Schedule>(
      '/api/schedules',
      scheduleBody({
        name: 'Snapshots of prod',
        kind: 'snapshot',
        cron: '0  2 * * *',
        timezone: 'Europe/Paris',
        window_id: w.id,
        selector: { tags: ['prod'], host_ids: [bed.hostA] },
        params: { keep_daily: 7 },
      }),
    );
    expect(s).toMatchObject({
      kind: 'snapshot',
      cron: '0 2 * * *',
      window_id: w.id,
      enabled: true,
      catch_up: false,
      last_run_at: null,
      params: { prefix: 'auto', keep_daily: 7, keep_last: 0, vmstate: false },
    });
    expect(new Date(s.next_run_at!).getTime()).toBeGreaterThan(Date.now());
    expect((await bed.api.send('GET', `/api/schedules/${s.id}`)).json()).toEqual(s);
    expect((await bed.api.send('GET', '/api/schedules')).json<{ items: Schedule[] }>().items.map((x) => x.id)).toContain(s.id);

    const off = await bed.api.send('PATCH', `/api/schedules/${s.id}`, { enabled: false, params: { keep_last: 2 } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, next_run_at: null, params: { keep_daily: 7, keep_last: 2 } });
    // The kind is not part of a patch.
    expect((await bed.api.send('PATCH', `/api/schedules/${s.id}`, { kind: 'guest_action' })).json()).toMatchObject({
      kind: 'snapshot',
    });
    expect((await bed.api.send('DELETE', `/api/schedules/${s.id}`)).statusCode).toBe(200);
    await bed.api.refused(bed.api.send('GET', `/api/schedules/${s.id}`), 404, 'not_found', /Schedule not found/);
    const changes = (await eventsOf(bed.t.database.db, bed.org, 'schedule.changed')).filter((e) => e.data.schedule_id === s.id);
    expect(changes).toHaveLength(4);
  });

  it('refuses each invalid schedule with a 400 saying what is wrong', async () => {
    const post = (over: Record<string, unknown>) => bed.api.send('POST', '/api/schedules', scheduleBody(over));
    await bed.api.refused(post({ cron: '0 0 3 * * *' }), 400, 'bad_request', /not a cron expression of 5 fields/);
    await bed.api.refused(
      post({ cron: '61 3 * * *' }),
      400,
      'bad_request',
      /'61 3 \* \* \*' is not a valid cron expression \(.*minute/,
    );
    await bed.api.refused(post({ cron: '0 0 31 2 *' }), 400, 'bad_request', /never occurs/);
    await bed.api.refused(post({ timezone: 'Mars/Olympus' }), 400, 'bad_request', /Unknown time zone: use an IANA name/);
    await bed.api.refused(post({ selector: {} }), 400, 'validation_failed', /the selector is empty/);
    await bed.api.refused(post({ params: { action: 'explode' } }), 400, 'validation_failed', /params\.action/);
    await bed.api.refused(
      post({ kind: 'snapshot', params: { keep_last: 0 } }),
      400,
      'validation_failed',
      /keep at least one snapshot/,
    );
    const stranger = await buildUser(bed.t.database.db, { orgRole: 'owner' });
    await giveLicence(bed.t.database.db, stranger.user.organisationId!, 'pro');
    const foreignWindow = (
      await bed.api.send('POST', '/api/windows', windowBody(), stranger.auth).then((r) => r.json<MaintenanceWindow>())
    ).id;
    await bed.api.refused(
      post({ window_id: foreignWindow }),
      400,
      'bad_request',
      /maintenance window was not found in your organisation/,
    );
    const { hostId: foreignHost, guestIds: foreignGuests } = await seedHost(bed.t.database.db, stranger.user.organisationId!, [
      [200, [], null],
    ]);
    await bed.api.refused(
      post({ selector: { host_ids: [bed.hostA, foreignHost] } }),
      400,
      'bad_request',
      `1 host of the selector is not in your organisation: ${foreignHost}`,
    );
    await bed.api.refused(
      post({ selector: { guest_ids: [bed.guestsA[0], foreignGuests[0]] } }),
      400,
      'bad_request',
      `1 guest of the selector is not in your organisation, or no longer on its host: ${foreignGuests[0]}`,
    );

    // A PATCH is merged, then the whole is checked.
    const s = await bed.api.created<Schedule>('/api/schedules', scheduleBody({ kind: 'snapshot', params: { keep_last: 1 } }));
    await bed.api.refused(
      bed.api.send('PATCH', `/api/schedules/${s.id}`, { params: { keep_last: 0 } }),
      400,
      'bad_request',
      /no longer be valid: params: keep at least one snapshot/,
    );
    await bed.api.refused(
      bed.api.send('PATCH', `/api/schedules/${s.id}`, { cron: '0 3 * * * 2031' }),
      400,
      'bad_request',
      /5 fields/,
    );
  });

  it('refuses a window shorter than the job, from the schedule side and from the window side', async () => {
    const s = await bed.api.created<Schedule>('/api/schedules', scheduleBody({ name: 'Long job' }));
    await addRunHistory(bed.t.database.db, bed.org, s.id, [44, 45, 47]);
    const short = await bed.api.created<MaintenanceWindow>('/api/windows', windowBody({ name: 'Short', duration_minutes: 30 }));
    await bed.api.refused(
      bed.api.send('PATCH', `/api/schedules/${s.id}`, { window_id: short.id }),
      400,
      'bad_request',
      'The window Short lasts 30 minutes, the job needs about 45',
    );
    const roomy = await bed.api.created<MaintenanceWindow>('/api/windows', windowBody({ name: 'Roomy', duration_minutes: 60 }));
    expect((await bed.api.send('PATCH', `/api/schedules/${s.id}`, { window_id: roomy.id })).statusCode).toBe(200);
    await bed.api.refused(
      bed.api.send('PATCH', `/api/windows/${roomy.id}`, { duration_minutes: 40 }),
      400,
      'bad_request',
      'The window would last 40 minutes, but the schedule Long job needs about 45',
    );
    // Deleting a window in use names the schedules.
    await bed.api.refused(
      bed.api.send('DELETE', `/api/windows/${roomy.id}`),
      409,
      'conflict',
      'This window is used by 1 schedule (Long job)',
    );
    // Renaming or disabling does not check the fit again.
    expect(
      (await bed.api.send('PATCH', `/api/schedules/${s.id}`, { name: 'Long job, renamed', enabled: false })).statusCode,
    ).toBe(200);
  });
});
