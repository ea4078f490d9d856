import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskDone, type TaskDetail } from '@proxai/contract';
import { PveClient } from '@proxai/pve-client';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import { openTaskTarget, sendOnce, startPveTask, taskEnding } from '../../jobs/pve-task';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { endTask, insertTask } from './tasks.repository';

/**
 * Cancelling a running task stops its Proxmox task (DELETE /nodes/{node}/tasks/{upid}) on the simulated host: the
 * portal task ends `cancelled` and the guest keeps its state; a task already finished on the host answers 409.
 */
describe.each(TEST_DATABASE_KINDS)('cancelling running tasks on %s', (kind) => {
  let bed: HostsTestbed | undefined;
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 40, seed: 33, pbs: false }),
      taskDurationMs: 100,
      database: kind,
      env: { PVE_TIMEOUT_MS: '3000', TASK_HEARTBEAT_SECONDS: '1' },
      addBody: (n) => tokenBody(n),
    });
    ({ t, fleet, owner } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const simNode = () => fleet.node(fleet.nodes[0]!.name);
  const used = new Set<string>();
  const get = <T>(url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth }).then((r) => r.json<T>());
  const cancel = (id: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'POST', url: `/api/tasks/${id}/cancel`, headers });
  const stoppedGuest = async () => {
    // The host's own state: an earlier test may have started one the portal has not polled since.
    const list = await get<{ id: string; vmid: number; type: 'qemu' | 'lxc' }[]>('/api/vms');
    return list.find((v) => {
      const g = simNode().guests.get(v.vmid);
      return g?.status === 'stopped' && !g.lock && !g.template && !used.has(v.id) && used.add(v.id);
    })!;
  };
  /** Starts the guest with PVE tasks lasting `ms`; answers the portal task once it follows its UPID. */
  const startSlow = async (guestId: string, ms: number): Promise<TaskDetail> => {
    const node = simNode();
    node.taskDurationMs = ms;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${guestId}/action`,
      payload: { action: 'start' },
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { task_id: taskId } = res.json<{ task_id: string }>();
    return waitFor(taskId, (task) => task.upids.length > 0 || isTaskDone(task.status));
  };
  const waitFor = async (id: string, done: (task: TaskDetail) => boolean, ms = 15_000): Promise<TaskDetail> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const task = await get<TaskDetail>(`/api/tasks/${id}`);
      if (done(task) || Date.now() > deadline) return task;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a running guest start is stopped on the host: the portal task ends cancelled and the guest stays stopped', async () => {
    const v = await stoppedGuest();
    const running = await startSlow(v.id, 10_000);
    simNode().taskDurationMs = 100;
    expect(running.status).toBe('running');
    const upid = running.upids[0]!;
    expect(simNode().runner.find(upid)?.status).toBe('running');

    const res = await cancel(running.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: running.id, params: { cancel_requested_by: owner.user.email } });
    // The PVE task is stopped at once, as Proxmox stops it.
    expect(simNode().runner.find(upid)).toMatchObject({ status: 'stopped', exitstatus: 'received interrupt' });

    const ended = await waitFor(running.id, (task) => isTaskDone(task.status));
    const line = `Stopped on the host at the request of ${owner.user.email}`;
    expect(ended).toMatchObject({ status: 'cancelled', error: line });
    const lines = ended.log.map((l) => l.line);
    expect(lines).toContain(`Stop asked by ${owner.user.email}: stopping ${upid} on the host`);
    expect(lines).toContain('Proxmox task ended: received interrupt');
    expect(lines.at(-1)).toBe(line);
    expect(simNode().guest(v.vmid).status).toBe('stopped');
    expect((await get<{ id: string; state: string }[]>('/api/vms')).find((x) => x.id === v.id)?.state).toBe('stopped');
  });

  it('a running parent starts no more children and stops its running ones on the host', async () => {
    const guests = [];
    for (let i = 0; i < 6; i++) guests.push(await stoppedGuest());
    simNode().taskDurationMs = 10_000;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vms/bulk-action',
      payload: { action: 'start', ids: guests.map((g) => g.id) },
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { task_id: parentId } = res.json<{ task_id: string }>();
    // Four run at once on a host: wait until they all follow their PVE task.
    const busy = await waitFor(parentId, (p) => p.children.filter((c) => c.upids.length > 0).length === 4);
    simNode().taskDurationMs = 100;
    const upids = busy.children.flatMap((c) => c.upids);
    expect(upids).toHaveLength(4);
    const cancelled = await cancel(parentId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const upid of upids)
      expect(simNode().runner.find(upid)).toMatchObject({ status: 'stopped', exitstatus: 'received interrupt' });
    const parent = await waitFor(parentId, (p) => isTaskDone(p.status));
    expect(parent.status).toBe('cancelled');
    expect(parent.log.map((l) => l.line)).toContainEqual(
      `Cancel asked by ${owner.user.email}: 2 not started will not be; 4 running are stopped on their hosts`,
    );
    const stopped = parent.children.filter((c) => c.upids.length > 0);
    expect(stopped.map((c) => [c.status, c.error])).toEqual(
      Array(4).fill(['cancelled', `Stopped on the host at the request of ${owner.user.email}`]),
    );
    expect(parent.children.filter((c) => c.upids.length === 0).map((c) => c.status)).toEqual(['cancelled', 'cancelled']);
    for (const g of guests) expect(simNode().guest(g.vmid).status).toBe('stopped');
  });

  /** A running task held by another live process (its job is elsewhere), following `upid` if given. */
  const heldElsewhere = (guestId: string, upid?: string, progress = 30) =>
    insertTask(
      t.database.db,
      {
        organisationId: owner.user.organisationId!,
        kind: 'guest.start',
        hostId: bed!.hostIds[0]!,
        guestId,
        status: 'running',
        progress,
        upids: upid ? [upid] : [],
        runner: 'another-live-replica',
        heartbeatAt: new Date(Date.now() + 3_600_000),
        startedAt: new Date(),
        createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
        params: { state_before: 'stopped' },
      },
      'made by the test',
    );

  it("a PVE task already finished answers 409 with its exit status (in the asker's language); the task is left to end", async () => {
    const v = await stoppedGuest();
    const n = fleet.nodes[0]!;
    const client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    const upid = await client.guestAction(n.name, v.type, v.vmid, 'start');
    await client.waitForTask(n.name, upid, { pollMs: 20, timeoutMs: 5_000 });
    await client.close();
    const task = await heldElsewhere(v.id, upid);
    const res = await cancel(task.id, { ...owner.auth, 'accept-language': 'fr' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'invalid_state',
      detail: 'Cette tâche est déjà terminée sur l’hôte (OK)\u00a0; elle se termine comme Proxmox l’a laissée',
    });
    const after = await get<TaskDetail>(`/api/tasks/${task.id}`);
    expect(after.status).toBe('running');
    expect(after.params).not.toHaveProperty('cancel_requested_by');
  });

  it('a task whose process died after the stop was asked is resumed and ends cancelled', async () => {
    const v = await stoppedGuest();
    const n = fleet.nodes[0]!;
    const client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    simNode().taskDurationMs = 10_000;
    const upid = await client.guestAction(n.name, v.type, v.vmid, 'start');
    simNode().taskDurationMs = 100;
    await client.stopTask(n.name, upid);
    await client.close();
    const stale = new Date(Date.now() - 60_000);
    const orphan = await insertTask(
      t.database.db,
      {
        organisationId: owner.user.organisationId!,
        kind: 'guest.start',
        hostId: bed!.hostIds[0]!,
        guestId: v.id,
        status: 'running',
        progress: 30,
        upids: [upid],
        runner: 'a-dead-process',
        heartbeatAt: stale,
        startedAt: stale,
        cancelRequestedAt: stale,
        createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
        params: { state_before: 'stopped', cancel_requested_by: 'grace@example.org' },
      },
      'made by the test',
    );
    const ended = await waitFor(orphan.id, (task) => isTaskDone(task.status));
    expect(ended).toMatchObject({ status: 'cancelled', error: 'Stopped on the host at the request of grace@example.org' });
    expect(simNode().guest(v.vmid).status).toBe('stopped');
  });

  it('an ended task answers 409', async () => {
    const v = await stoppedGuest();
    const task = await heldElsewhere(v.id);
    await endTask(t.database.db, task.id, 'succeeded', null, new Date());
    const again = await cancel(task.id);
    expect([again.statusCode, again.json<{ detail: string }>().detail]).toEqual([409, 'This task has already ended (succeeded)']);
  });

  it('one being sent is marked, then its PVE task is stopped as soon as its UPID is recorded; one not sent yet is never sent', async () => {
    const v = await stoppedGuest();
    const deps = { db: t.database.db, config: t.config, log: t.app.log };
    const sending = await heldElsewhere(v.id, undefined, 20);
    const res = await cancel(sending.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get<TaskDetail>(`/api/tasks/${sending.id}`)).log.map((l) => l.line)).toContain(
      `Stop asked by ${owner.user.email}: it is stopped on the host as soon as Proxmox names its task`,
    );
    // The job (here, in this process) gets PVE's answer and records the UPID: the stop follows at once.
    const target = (await openTaskTarget(deps, sending))!;
    simNode().taskDurationMs = 10_000;
    const upid = await startPveTask(t.database.db, sending.id, target.guest.node, () =>
      target.client.guestAction(target.guest.node, target.guest.type, target.guest.vmid, 'start'),
    );
    simNode().taskDurationMs = 100;
    expect(simNode().runner.find(upid)).toMatchObject({ status: 'stopped', exitstatus: 'received interrupt' });
    // Its ending makes it cancelled, with the line the user reads.
    await taskEnding(t.database.db, sending, 'vm.start', {}).fail('received interrupt');
    expect(await get<TaskDetail>(`/api/tasks/${sending.id}`)).toMatchObject({
      status: 'cancelled',
      error: `Stopped on the host at the request of ${owner.user.email}`,
    });
    // Asked before sending: nothing reaches the host.
    const early = await heldElsewhere(v.id, undefined, 0);
    expect((await cancel(early.id)).statusCode).toBe(200);
    const before = simNode().tasks.length;
    await expect(sendOnce(t.database.db, early, target.guest.node, () => Promise.resolve('never'))).rejects.toThrow(
      `Cancelled by ${owner.user.email} before it was sent to Proxmox`,
    );
    expect(simNode().tasks.length).toBe(before);
    await target.close();
  });
});
