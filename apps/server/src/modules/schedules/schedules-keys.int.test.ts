import { describe, expect, it } from 'vitest';
import type { ApiKeyCreated, Schedule, SchedulePlan, TaskDetail } from '@proxai/contract';
import type { Permission } from '@proxai/contract/permissions';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { routesClient } from '../../testing/routes-client';
import { trackSecret } from '../../testing/secrets';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { scheduleBody, schedulesAppPerFile, seedHost } from './schedules.testing';

/**
 * Schedules under an API key's host/tag scope (issue 21, ADR 019): a scoped key lists, reads, plans, changes, deletes
 * and runs only the snapshot and power-action schedules whose selector keeps to its hosts and tags; any other is
 * 404, and one it makes or changes beyond them is 403.
 */
describe.each(TEST_DATABASE_KINDS)('schedules of a scoped API key on %s', (kind) => {
  const bed = schedulesAppPerFile(kind);
  // A schedule's acts are authorised too: these keys may stop and snapshot guests (schedule-rights.int.test.ts).
  const SCOPES: Permission[] = ['fleet.read', 'schedules.manage', 'schedules.run', 'guests.operate'];

  const keyOf = async (limits: { host_ids?: string[]; tags?: string[] }) => {
    const res = await withEmailStepUp(bed.t.app, bed.owner.auth, bed.owner.user.email, {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: `key ${JSON.stringify(limits)}`,
        scopes: SCOPES,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        ...limits,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { secret } = res.json<ApiKeyCreated>();
    trackSecret(secret);
    return routesClient(bed.t, { authorization: `Bearer ${secret}` });
  };

  it('sees and runs only the schedules within its hosts and tags; makes none beyond them', async () => {
    const { hostId: hostB } = await seedHost(bed.t.database.db, bed.org, [[201, ['prod'], null]]);
    const make = (selector: Record<string, unknown>, over: Record<string, unknown> = {}) =>
      bed.api.created<Schedule>('/api/schedules', scheduleBody({ selector, ...over }));
    const onA = await make({ host_ids: [bed.hostA] });
    const prodOnA = await make({ host_ids: [bed.hostA], tags: ['prod'] }, { kind: 'snapshot', params: { keep_last: 3 } });
    const prod = await make({ tags: ['prod'] });
    const onB = await make({ host_ids: [hostB] });
    const all = await make({ all: true });
    const byGuest = await make({ guest_ids: [bed.guestsA[0]] });
    const ours = new Set([onA, prodOnA, prod, onB, all, byGuest].map((s) => s.id));

    const byHost = await keyOf({ host_ids: [bed.hostA] });
    const byTag = await keyOf({ tags: ['prod'] });
    const both = await keyOf({ host_ids: [bed.hostA], tags: ['prod'] });
    const listed = async (client: typeof bed.api) => {
      const res = await client.send('GET', '/api/schedules?limit=200');
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ items: Schedule[] }>()
        .items.map((s) => s.id)
        .filter((id) => ours.has(id))
        .sort();
    };
    const ids = (...list: Schedule[]) => list.map((s) => s.id).sort();
    expect(await listed(bed.api)).toEqual([...ours].sort());
    expect(await listed(byHost)).toEqual(ids(onA, prodOnA));
    expect(await listed(byTag)).toEqual(ids(prodOnA, prod));
    expect(await listed(both)).toEqual(ids(prodOnA));

    // Outside its scope: 404 on every call, as an unknown id; nothing changed.
    for (const s of [all, onB, byGuest, prod]) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PATCH', '', { name: 'taken over' }],
        ['DELETE', '', undefined],
        ['POST', '/run', undefined],
      ] as const) {
        const res = await byHost.send(method, `/api/schedules/${s.id}${path}`, body);
        expect(res.statusCode, `${method} ${s.name}${path}: ${res.body}`).toBe(404);
      }
      expect((await bed.api.send('GET', `/api/schedules/${s.id}`)).json<Schedule>().name).toBe(s.name);
    }

    // Within: read, run (its own task), and the planner shows its schedules alone.
    expect((await byHost.send('GET', `/api/schedules/${onA.id}`)).statusCode).toBe(200);
    const run = await byHost.send('POST', `/api/schedules/${onA.id}/run`);
    expect(run.statusCode, run.body).toBe(202);
    const task = await byHost.send('GET', `/api/tasks/${run.json<{ task_id: string }>().task_id}`);
    expect(task.statusCode, task.body).toBe(200);
    expect(task.json<TaskDetail>().created_by).toMatchObject({ type: 'api_key' });
    const from = new Date();
    const to = new Date(from.getTime() + 2 * 86_400_000);
    const plan = await byHost.send('GET', `/api/schedules/plan?from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(plan.statusCode, plan.body).toBe(200);
    const planned = new Set(plan.json<SchedulePlan>().occurrences.map((o) => o.schedule_id));
    expect([...planned].sort()).toEqual(ids(onA, prodOnA));
    expect((await byHost.send('GET', '/api/windows')).statusCode).toBe(200);

    // What it makes or changes must stay within its hosts (and be a snapshot or power action).
    const beyond = /a schedule's selector must stay within them/;
    for (const selector of [
      { all: true },
      { host_ids: [bed.hostA, hostB] },
      { guest_ids: [bed.guestsA[0]] },
      { tags: ['prod'] },
    ]) {
      await byHost.refused(byHost.send('POST', '/api/schedules', scheduleBody({ selector })), 403, 'forbidden', beyond);
    }
    const mine = await byHost.created<Schedule>('/api/schedules', scheduleBody({ selector: { host_ids: [bed.hostA] } }));
    await byHost.refused(
      byHost.send('PATCH', `/api/schedules/${mine.id}`, { selector: { all: true } }),
      403,
      'forbidden',
      beyond,
    );
    expect((await byHost.send('GET', `/api/schedules/${mine.id}`)).json<Schedule>().selector).toEqual({ host_ids: [bed.hostA] });
    expect((await byHost.send('PATCH', `/api/schedules/${mine.id}`, { name: 'renamed by key' })).statusCode).toBe(200);
    expect((await byHost.send('DELETE', `/api/schedules/${mine.id}`)).statusCode).toBe(200);
    expect((await byHost.send('GET', `/api/schedules/${mine.id}`)).statusCode).toBe(404);
  });
});
