import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskDone, type TaskDetail, type TaskPage } from '@proxai/contract';
import { PveClient } from '@proxai/pve-client';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { runGuestActionTask } from '../guests/guest-action.job';
import { endTask, findTask, insertTask, setTaskProgress, type NewTaskRow } from './tasks.repository';

/**
 * Tasks (issue 10): the routes that list, read and cancel them, and the runtime that runs each task once and
 * resumes it when the process running it died.
 */
describe.each(TEST_DATABASE_KINDS)('tasks on %s', (kind) => {
  let bed: HostsTestbed | undefined;
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let hostId: string;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 16, seed: 21, pbs: false }),
      taskDurationMs: 300,
      database: kind,
      env: { PVE_TIMEOUT_MS: '3000', TASK_HEARTBEAT_SECONDS: '1' },
      addBody: (n) => tokenBody(n),
    });
    ({ t, fleet, owner } = bed);
    hostId = bed.hostIds[0]!;
  });
  afterAll(async () => {
    await bed?.close();
  });

  const get = <T>(url: string, headers = owner.auth) => t.app.inject({ method: 'GET', url, headers }).then((r) => r.json<T>());
  const vms = () => get<{ id: string; vmid: number; state: string; type: 'qemu' | 'lxc' }[]>('/api/vms');
  const sim = () => fleet.node(fleet.nodes[0]!.name);
  const simTasksOf = (vmid: number) => sim().tasks.filter((x) => x.id === String(vmid));
  const waitDone = async (id: string, ms = 15_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const task = await get<TaskDetail>(`/api/tasks/${id}`);
      if (isTaskDone(task.status) || Date.now() > deadline) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const task = (values: Partial<NewTaskRow>) =>
    insertTask(
      t.database.db,
      {
        organisationId: owner.user.organisationId!,
        kind: 'guest.start',
        hostId,
        createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
        ...values,
      },
      'made by the test',
    );

  it('lists the newest first, filters, pages with next_cursor, and hides other organisations', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await task({ kind: i % 2 ? 'guest.stop' : 'guest.start', status: 'succeeded' }));
    const page1 = await get<TaskPage>('/api/tasks?limit=2&kind=guest.start');
    expect(page1.items.map((x) => x.kind)).toEqual(['guest.start', 'guest.start']);
    expect(page1.items[0]!.created_at >= page1.items[1]!.created_at).toBe(true);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await get<TaskPage>(`/api/tasks?limit=2&kind=guest.start&cursor=${page1.next_cursor}`);
    const seen = [...page1.items, ...page2.items].map((x) => x.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made.filter((m) => m.kind === 'guest.start').map((m) => m.id)));
    expect((await get<TaskPage>(`/api/tasks?host_id=${hostId}&status=succeeded&limit=200`)).items.length).toBeGreaterThanOrEqual(
      5,
    );
    const bad = await t.app.inject({ method: 'GET', url: '/api/tasks?cursor=not-a-cursor', headers: owner.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_request' });

    const stranger = await buildUser(t.database.db);
    expect((await get<TaskPage>('/api/tasks', stranger.auth)).items).toEqual([]);
    const hidden = await t.app.inject({ method: 'GET', url: `/api/tasks/${made[0]!.id}`, headers: stranger.auth });
    expect(hidden.statusCode).toBe(404);
  });

  it("a task's progress never moves back: of writes that commit in any order, the highest stays", async () => {
    const row = await task({ params: { state_before: 'stopped' } });
    const db = t.database.db;
    // A parent's children end on two hosts at once: the one that counted 19 of 20 may commit after the last.
    await setTaskProgress(db, row.id, 100);
    await Promise.all([setTaskProgress(db, row.id, 95), setTaskProgress(db, row.id, 90)]);
    expect((await findTask(db, row.organisationId, row.id))?.progress).toBe(100);
    await endTask(db, row.id, 'cancelled', 'made by the test', new Date());
  });

  it('a queued task is cancelled at once, and its job then does nothing', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped')!;
    const queued = await task({ guestId: v.id, params: { state_before: 'stopped' } });
    const res = await t.app.inject({ method: 'POST', url: `/api/tasks/${queued.id}/cancel`, headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', error: `Cancelled by ${owner.user.email}` });
    const before = simTasksOf(v.vmid).length;
    await runGuestActionTask({ db: t.database.db, config: t.config, log: t.app.log }, queued.id);
    expect(simTasksOf(v.vmid).length).toBe(before);
    expect((await get<TaskDetail>(`/api/tasks/${queued.id}`)).status).toBe('cancelled');
    const again = await t.app.inject({ method: 'POST', url: `/api/tasks/${queued.id}/cancel`, headers: owner.auth });
    expect(again.statusCode).toBe(409);
  });

  it('a job handed out twice runs its task once', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped')!;
    const queued = await task({ guestId: v.id, params: { state_before: 'stopped' } });
    const before = simTasksOf(v.vmid).length;
    const deps = { db: t.database.db, config: t.config, log: t.app.log };
    await Promise.all([runGuestActionTask(deps, queued.id), runGuestActionTask(deps, queued.id)]);
    expect(simTasksOf(v.vmid).length).toBe(before + 1);
    expect(await waitDone(queued.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a task left queued without its job (its process died before queuing it) is run by the recovery sweep', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped' && !fleet.node(fleet.nodes[0]!.name).guests.get(x.vmid)?.lock)!;
    const before = simTasksOf(v.vmid).length;
    const stranded = await task({
      guestId: v.id,
      params: { state_before: 'stopped' },
      createdAt: new Date(Date.now() - 120_000),
    });
    expect(await waitDone(stranded.id)).toMatchObject({ status: 'succeeded' });
    expect(simTasksOf(v.vmid).length).toBe(before + 1);
  });

  it('a task whose process died is resumed from its UPID, without sending the action again', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped')!;
    const n = fleet.nodes[0]!;
    const client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    // The dead process had sent the start and recorded its UPID.
    const upid = await client.guestAction(n.name, v.type, v.vmid, 'start');
    await client.close();
    const sent = simTasksOf(v.vmid).length;
    const orphan = await task({
      guestId: v.id,
      status: 'running',
      progress: 30,
      upids: [upid],
      runner: 'a-dead-process',
      startedAt: new Date(Date.now() - 60_000),
      heartbeatAt: new Date(Date.now() - 60_000),
      params: { state_before: 'stopped' },
    });
    const ended = await waitDone(orphan.id);
    expect(ended).toMatchObject({ status: 'succeeded', upids: [upid] });
    expect(ended.log.map((l) => l.line)).toContain(`Resumed after an interruption: following ${upid}`);
    expect(simTasksOf(v.vmid).length).toBe(sent);
    expect((await vms()).find((x) => x.id === v.id)!.state).toBe('running');
  });

  it('a task that died while sending ends failed (interrupted); one held by a live process is left alone', async () => {
    const v = (await vms())[0]!;
    const stale = new Date(Date.now() - 60_000);
    const sending = await task({
      guestId: v.id,
      status: 'running',
      progress: 20,
      runner: 'dead',
      heartbeatAt: stale,
      startedAt: stale,
    });
    const alive = await task({
      guestId: v.id,
      status: 'running',
      progress: 30,
      upids: ['UPID:pve1:00000001:00000001:00000001:qmstart:100:root@pam:'],
      runner: 'another-live-replica',
      heartbeatAt: new Date(Date.now() + 3_600_000),
      startedAt: stale,
    });
    const ended = await waitDone(sending.id);
    expect(ended).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted: /) as string });
    await new Promise((r) => setTimeout(r, 2500)); // more than one sweep
    expect((await get<TaskDetail>(`/api/tasks/${alive.id}`)).status).toBe('running');
  });
});
