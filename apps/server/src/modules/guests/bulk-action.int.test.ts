import { beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskDetail } from '@proxai/contract';
import type { Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { passwordBody, tokenBody } from '../hosts/hosts.testing';
import { PER_HOST_CONCURRENCY } from '../../jobs/child-tasks';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { insertTask } from '../tasks/tasks.repository';
import { updateGuest } from './guests.repository';
import { useReadyTestbed, waitForTask, type VmDto } from './guests.testing';

/** Most children of one host whose run (started_at → ended_at) overlapped at one instant. */
function peakOverlap(children: Task[]): number {
  const edges = children.flatMap((c) => [
    { at: Date.parse(c.started_at!), d: 1 },
    { at: Date.parse(c.ended_at!), d: -1 },
  ]);
  // An end and a start at the same instant do not overlap.
  edges.sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let peak = 0;
  for (const e of edges) peak = Math.max(peak, (now += e.d));
  return peak;
}

/**
 * Bulk guest actions (POST /api/vms/bulk-action) against two simulated nodes: one parent task, one child per
 * guest run like a single action, at most four at once per host, failures reported per guest, cancel.
 */
describe.each(TEST_DATABASE_KINDS)('bulk guest actions on %s', (kind) => {
  const bed = useReadyTestbed(kind, {
    nodes: 2,
    guests: 28,
    seed: 8,
    taskDurationMs: 250,
    env: { TASK_HEARTBEAT_SECONDS: '1' },
    addBody: (n, i) => (i ? tokenBody(n) : passwordBody(n)),
  });
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let hostIds: string[];
  beforeAll(() => {
    ({ t, fleet, owner, hostIds } = bed);
  });

  const get = <T>(url: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'GET', url, headers }).then((r) => r.json<T>());
  const vms = () => get<VmDto[]>('/api/vms');
  const bulk = (payload: unknown, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'POST', url: '/api/vms/bulk-action', payload: payload as object, headers });
  /** Stop and restart are sensitive: the same request, stepped up by `as` with an e-mailed code. */
  const steppedBulk = (
    payload: object,
    as: Pick<HostsTestbed['owner'], 'auth' | 'user'> = owner,
    headers: Record<string, string> = {},
  ) => withEmailStepUp(t.app, as.auth, as.user.email, { method: 'POST', url: '/api/vms/bulk-action', payload, headers });
  const waitDone = (id: string) => waitForTask(t.app, owner.auth, id);
  const nodeOf = (v: VmDto) => fleet.nodes[hostIds.indexOf(v.host_id)]!.name;
  const simGuest = (v: VmDto) => fleet.node(nodeOf(v)).guest(v.vmid);

  it('stops 20 guests on two hosts: 2 locked ones fail with their error, the other 18 stop, four at a time per host', async () => {
    const running = (await vms()).filter((v) => v.state === 'running');
    const picked = [
      ...running.filter((v) => v.host_id === hostIds[0]).slice(0, 10),
      ...running.filter((v) => v.host_id === hostIds[1]).slice(0, 10),
    ];
    expect(picked).toHaveLength(20);
    const locked = [picked[3]!, picked[14]!];
    for (const v of locked) fleet.setGuestLock(nodeOf(v), v.vmid, 'backup');

    // Stopping guests is sensitive: refused until a fresh second-factor proof comes with the same request.
    const asked = await bulk({ action: 'stop', ids: picked.map((v) => v.id) });
    expect(asked.statusCode, asked.body).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'step_up_required', challenge: expect.any(String) as string });
    const res = await steppedBulk({ action: 'stop', ids: picked.map((v) => v.id) });
    expect(res.statusCode, res.body).toBe(202);
    const { task_id: taskId } = res.json<{ task_id: string }>();
    const parent = await waitDone(taskId);
    expect(parent).toMatchObject({
      kind: 'bulk.stop',
      status: 'failed',
      error: '2 of 20 guests failed',
      summary: { succeeded: 18, failed: 2, skipped: 0 },
      progress: 100,
      params: { action: 'stop', guest_ids: picked.map((v) => v.id) },
      target: { host_id: null, guest_id: null },
      created_by: { type: 'user', id: owner.user.id, name: owner.user.email },
    });
    expect(parent.children).toHaveLength(20);
    for (const child of parent.children) {
      expect(child).toMatchObject({ parent_id: taskId, kind: 'guest.stop' });
      const isLocked = locked.some((v) => v.id === child.target.guest_id);
      if (isLocked) {
        expect(child).toMatchObject({ status: 'failed', error: expect.stringMatching(/locked \(backup\)/) as string });
      } else {
        expect(child).toMatchObject({ status: 'succeeded', progress: 100, error: null });
        expect(child.upids).toHaveLength(1);
      }
    }
    // Each failure is named on the parent with its reason.
    for (const v of locked) {
      expect(parent.log.map((l) => l.line)).toContainEqual(
        expect.stringMatching(new RegExp(`^(VM|CT) ${v.vmid} \\(.+\\): failed, .*locked \\(backup\\)`)),
      );
    }
    for (const v of picked) expect(simGuest(v).status).toBe(locked.includes(v) ? 'running' : 'stopped');
    const states = new Map((await vms()).map((v) => [v.id, v.state]));
    for (const v of picked) expect(states.get(v.id)).toBe(locked.includes(v) ? 'running' : 'stopped');
    // At most four at once on a host, and more than one: the hosts' guests ran side by side.
    for (const hostId of hostIds) {
      const peak = peakOverlap(parent.children.filter((c) => c.target.host_id === hostId && c.started_at));
      expect(peak).toBeLessThanOrEqual(PER_HOST_CONCURRENCY);
      expect(peak).toBeGreaterThan(1);
    }
    for (const v of locked) fleet.setGuestLock(nodeOf(v), v.vmid, null);
  });

  it('a guest already in the asked state is skipped, not failed', async () => {
    const list = await vms();
    const stopped = list.find((v) => v.state === 'stopped')!;
    const running = list.find((v) => v.state === 'running')!;
    const res = await bulk({ action: 'start', ids: [stopped.id, running.id] });
    expect(res.statusCode, res.body).toBe(202);
    const parent = await waitDone(res.json<{ task_id: string }>().task_id);
    expect(parent).toMatchObject({ status: 'succeeded', error: null, summary: { succeeded: 1, failed: 0, skipped: 1 } });
    expect(parent.children.find((c) => c.target.guest_id === running.id)).toMatchObject({
      status: 'skipped',
      error: expect.stringMatching(/is already running$/) as string,
    });
    expect(simGuest(stopped).status).toBe('running');
  });

  it('cancelling the parent cancels the children not started and stops the running ones on their host', async () => {
    const stopped = (await vms()).filter((v) => v.state === 'stopped' && v.host_id === hostIds[0]).slice(0, 9);
    expect(stopped.length).toBe(9);
    const res = await bulk({ action: 'start', ids: stopped.map((v) => v.id) });
    expect(res.statusCode, res.body).toBe(202);
    const { task_id: taskId } = res.json<{ task_id: string }>();
    // Once the first children run, the rest wait their turn.
    const deadline = Date.now() + 10_000;
    while (!(await get<TaskDetail>(`/api/tasks/${taskId}`)).children.some((c) => c.status === 'running')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    const cancel = await t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/cancel`, headers: owner.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const parent = await waitDone(taskId);
    const notStarted = parent.children.filter((c) => c.upids.length === 0);
    const started = parent.children.filter((c) => c.upids.length > 0);
    expect(notStarted.length).toBeGreaterThan(0);
    expect(notStarted.every((c) => c.status === 'cancelled')).toBe(true);
    expect(started.length).toBeLessThanOrEqual(2 * PER_HOST_CONCURRENCY);
    // A running child is stopped on its host and ends cancelled; one Proxmox had just finished ends as it did.
    const stoppedLine = `Stopped on the host at the request of ${owner.user.email}`;
    for (const c of started) {
      if (c.status === 'cancelled') expect(c.error).toBe(stoppedLine);
      else expect(c.status).toBe('succeeded');
    }
    expect(parent.status).toBe('cancelled');
    expect(parent.log.map((l) => l.line)).toContainEqual(
      expect.stringMatching(new RegExp(`^Cancel asked by ${owner.user.email}`)),
    );
    // The children not started were never sent to the host.
    for (const c of notStarted) expect(simGuest(stopped.find((v) => v.id === c.target.guest_id)!).status).toBe('stopped');
  });

  it('a parent whose process died is resumed from its row alone (as a schedule makes it)', async () => {
    const stopped = (await vms()).filter((v) => v.state === 'stopped').slice(0, 3);
    expect(stopped.length).toBe(3);
    const stale = new Date(Date.now() - 60_000);
    const orphan = await insertTask(
      t.database.db,
      {
        organisationId: owner.user.organisationId!,
        kind: 'bulk.start',
        params: { action: 'start', guest_ids: stopped.map((v) => v.id) },
        createdBy: { type: 'schedule', id: null, name: 'Morning start' },
        status: 'running',
        runner: 'a-dead-process',
        startedAt: stale,
        heartbeatAt: stale,
      },
      'made by the test',
    );
    const parent = await waitDone(orphan.id);
    expect(parent).toMatchObject({ status: 'succeeded', summary: { succeeded: 3, failed: 0, skipped: 0 } });
    expect(parent.children.map((c) => c.created_by)).toEqual(
      stopped.map(() => ({ type: 'schedule', id: null, name: 'Morning start' })),
    );
    for (const v of stopped) expect(simGuest(v).status).toBe('running');
  });

  it('refuses unknown, removed or foreign guests (404 naming how many) and invalid bodies (400); readonly is 403', async () => {
    const list = await vms();
    // Nothing reaches the hosts (their background poll aside): no PVE task is started.
    const before = fleet.nodes.map((n) => fleet.node(n.name).tasks.length);
    // Which guests exist is checked after the step-up: a caller learns nothing about ids before proving it.
    const unproved = await bulk({ action: 'stop', ids: [list[0]!.id, crypto.randomUUID(), crypto.randomUUID()] });
    expect(unproved.statusCode).toBe(401);
    expect(unproved.json()).toMatchObject({ code: 'step_up_required' });
    const unknown = await steppedBulk({ action: 'stop', ids: [list[0]!.id, crypto.randomUUID(), crypto.randomUUID()] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'not_found',
      detail: '2 of the 3 guests were not found (unknown, removed, or in another organisation); nothing was started',
    });
    const gone = list[1]!;
    await updateGuest(t.database.db, gone.id, { goneAt: new Date() });
    const removed = await steppedBulk({ action: 'stop', ids: [gone.id] }, owner, { 'accept-language': 'fr' });
    expect(removed.statusCode).toBe(404);
    expect(removed.json<{ detail: string }>().detail).toMatch(/^1 des 1 invités est introuvable/);
    // Not brought back: the host's poll may already have listed the guest again as a new row (same vmid).

    const stranger = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, stranger.user.organisationId!, 'pro');
    expect((await steppedBulk({ action: 'stop', ids: [list[0]!.id] }, stranger)).statusCode).toBe(404);
    // The permission comes before the step-up: a readonly member is refused at once, nothing to prove.
    const reader = await buildUser(t.database.db, { orgRole: 'readonly', organisationId: owner.user.organisationId });
    expect((await bulk({ action: 'stop', ids: [list[0]!.id] }, reader.auth)).statusCode).toBe(403);

    for (const payload of [
      { action: 'stop', ids: [] },
      { action: 'halt', ids: [list[0]!.id] },
      { action: 'stop', ids: [list[0]!.id, list[0]!.id] },
      { action: 'stop', ids: ['not-a-uuid'] },
      { action: 'stop', ids: Array.from({ length: 501 }, () => crypto.randomUUID()) },
      { action: 'stop' },
    ]) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', detail: expect.any(String) as string });
    }
    expect(fleet.nodes.map((n) => fleet.node(n.name).tasks.length)).toEqual(before);
  });
});
