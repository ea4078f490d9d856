import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskDone, type TaskDetail } from '@proxai/contract';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { passwordBody, tokenBody } from '../hosts/hosts.testing';
import { invalidateOrg } from '../fleet/fleet-cache';
import { liveGuestsOfHosts, reconcileGuests } from '../hosts/hosts.repository';
import { syncAllHosts } from '../hosts/pollers';
import { updateGuest } from './guests.repository';

// Every PVE call's timeout: the hung node's case waits it out. Not much shorter: the simulated nodes answer from the
// test's own process, and a start's task failed in a CI run with 1.2 s here (its error was not printed then; a call
// timing out on a loaded machine is the likeliest cause). The task assertions now print the whole task.
const TIMEOUT_MS = 3000;

interface VmDto {
  id: string;
  vmid: number;
  name: string;
  state: string;
  host_id: string;
  type: string;
  cpu: number;
  memory: number;
  storage: number;
}

describe.each(TEST_DATABASE_KINDS)('guests on %s', (kind) => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  /** The hosts' ids in the fleet's node order. */
  let hostIds: string[];
  let bed: HostsTestbed | undefined;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 3, guests: 18, seed: 5, pbs: false }),
      taskDurationMs: 40,
      database: kind,
      env: { PVE_TIMEOUT_MS: String(TIMEOUT_MS) },
      addBody: (n, i) => (i % 2 ? tokenBody(n) : passwordBody(n)),
    });
    ({ t, fleet, owner, hostIds } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const vms = async (headers = owner.auth) => (await t.app.inject({ method: 'GET', url: '/api/vms', headers })).json<VmDto[]>();
  const act = (id: string, action: string, vmid?: number, headers = owner.auth) =>
    t.app.inject({ method: 'POST', url: `/api/vms/${id}/action`, payload: { action, ...(vmid ? { vmid } : {}) }, headers });
  /** The action answers 202 at once; its task is followed until it ends. */
  const actDone = async (id: string, action: string, vmid?: number) => {
    const res = await act(id, action, vmid);
    expect(res.statusCode, res.body).toBe(202);
    const { task_id: taskId } = res.json<{ task_id: string }>();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const task = (await t.app.inject({ method: 'GET', url: `/api/tasks/${taskId}`, headers: owner.auth })).json<TaskDetail>();
      if (isTaskDone(task.status) || Date.now() > deadline)
        return { answer: res.json<{ task_id: string; message: string }>(), task };
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const simGuest = (v: VmDto) => {
    const hostIndex = hostIds.indexOf(v.host_id);
    return fleet.node(fleet.nodes[hostIndex]!.name).guest(v.vmid);
  };

  it('lists every guest with cores, RAM in MB and disk in GB; stats count them', async () => {
    const list = await vms();
    const simAll = fleet.nodes.flatMap((n) => [...fleet.node(n.name).guests.values()].filter((g) => !g.template));
    expect(list.length).toBe(simAll.length);
    const v = list[0]!;
    const g = simGuest(v);
    expect(v.name).toBe(g.name);
    expect(v.cpu).toBeGreaterThan(0);
    expect(v.memory).toBe(Math.round(g.memoryBytes / 1024 / 1024));
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats', headers: owner.auth })).json();
    expect(stats).toEqual({
      hosts: 3,
      vms: simAll.length,
      running_vms: simAll.filter((x) => x.status === 'running').length,
      stopped_vms: simAll.filter((x) => x.status === 'stopped').length,
      plan_usage: { plan: 'pro', max_hosts: 10, max_vms: -1, over_hosts: false, over_vms: false, trial_ends_at: null },
    });
  });

  it('stop answers 202 with a task at once; the task follows the PVE shutdown to its end', async () => {
    const v = (await vms()).find((x) => x.state === 'running' && !simGuest(x).lock)!;
    const { answer, task } = await actDone(v.id, 'stop', v.vmid);
    expect(answer).toEqual({ task_id: task.id, message: 'VM stop command sent' });
    expect(task).toMatchObject({
      kind: 'guest.stop',
      status: 'succeeded',
      progress: 100,
      target: { guest_id: v.id, host_id: v.host_id },
      created_by: { type: 'user', id: owner.user.id, name: owner.user.email },
      error: null,
    });
    expect(task.upids).toHaveLength(1);
    expect(task.log.map((l) => l.line)).toEqual([
      expect.stringMatching(/^stop (VM|CT) \d+ \(.+\) on Host pve\d, asked by /),
      expect.stringMatching(/^Proxmox task UPID:.+ started on pve\d$/),
      expect.stringMatching(/^Proxmox task UPID:.+ ended: OK$/),
    ]);
    expect(simGuest(v).status).toBe('stopped');
    expect((await vms()).find((x) => x.id === v.id)!.state).toBe('stopped');
    const pveTask = fleet.node(fleet.nodes[hostIds.indexOf(v.host_id)]!.name).tasks.at(-1)!;
    expect(pveTask.type).toMatch(/shutdown/);
    expect(task.upids).toEqual([pveTask.upid]);
  });

  it('stop also stops a paused VM (PVE cannot shut a paused VM down; forceStop stops it instead)', async () => {
    const v = (await vms()).find((x) => x.state === 'running' && x.type === 'qemu' && !simGuest(x).lock)!;
    simGuest(v).paused = true;
    expect((await actDone(v.id, 'stop', v.vmid)).task).toMatchObject({ status: 'succeeded' });
    expect(simGuest(v).status).toBe('stopped');
    expect((await vms()).find((x) => x.id === v.id)!.state).toBe('stopped');
  });

  it('a sync that read PVE before a start finished does not put the old state back', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped')!;
    // What the sync read: the guest still stopped.
    const stale = (await liveGuestsOfHosts(t.database.db, [v.host_id])).map(({ id: _id, updatedAt: _u, ...row }) => row);
    const readAt = new Date(Date.now() - 1);
    await updateGuest(t.database.db, v.id, { state: 'running', uptime: 5 }); // the start's task ended meanwhile
    const stateNow = async () => (await liveGuestsOfHosts(t.database.db, [v.host_id])).find((g) => g.id === v.id)!.state;
    await reconcileGuests(t.database.db, [v.host_id], stale, readAt);
    expect(await stateNow()).toBe('running');
    // A later read wins again.
    await reconcileGuests(t.database.db, [v.host_id], stale, new Date(Date.now() + 1));
    expect(await stateNow()).toBe('stopped');
    invalidateOrg(owner.user.organisationId!);
  });

  it('start and restart change the state; a forbidden transition is a 409 without calling PVE', async () => {
    const v = (await vms()).find((x) => x.state === 'stopped' && !simGuest(x).lock)!;
    const sim = fleet.node(fleet.nodes[hostIds.indexOf(v.host_id)]!.name);
    // Actions only: a background poll may read the node (or renew its ticket) meanwhile; that is not the refused
    // action calling PVE, which could only have POSTed to the guest.
    const writes = () =>
      Object.entries(sim.requestStats.snapshot().by_path)
        .filter(([route]) => !route.startsWith('GET ') && !route.includes('/access/ticket'))
        .reduce((sum, [, n]) => sum + n, 0);
    const before = writes();
    const refused = await act(v.id, 'restart');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/is stopped; start it first/);
    expect(writes()).toBe(before);

    expect((await actDone(v.id, 'start')).task).toMatchObject({ status: 'succeeded' });
    expect(simGuest(v).status).toBe('running');
    const again = await act(v.id, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already running/);
    expect((await actDone(v.id, 'restart')).task).toMatchObject({ status: 'succeeded' });
    expect(sim.tasks.at(-1)!.type).toMatch(/reboot/);
    expect((await vms()).find((x) => x.id === v.id)!.state).toBe('running');
  });

  it("a failed action ends its task failed with PVE's error text, and the guest keeps its state", async () => {
    const v = (await vms()).find((x) => x.state === 'running')!;
    simGuest(v).lock = 'backup';
    const { task } = await actDone(v.id, 'stop');
    expect(task).toMatchObject({ status: 'failed', error: expect.stringMatching(/locked \(backup\)/) as string });
    expect(task.log.at(-1)!.line).toMatch(/^Failed: .*locked \(backup\)/);
    expect((await vms()).find((x) => x.id === v.id)!.state).toBe('running');
    delete simGuest(v).lock;
  });

  it('wrong vmid is a 400; readonly is 403; another organisation gets 404', async () => {
    const v = (await vms()).find((x) => x.state === 'running')!;
    expect((await act(v.id, 'stop', v.vmid + 1)).statusCode).toBe(400);
    expect((await act(v.id, 'halt')).statusCode).toBe(400);
    const reader = await buildUser(t.database.db, { orgRole: 'readonly', organisationId: owner.user.organisationId });
    expect((await vms(reader.auth)).length).toBeGreaterThan(0);
    const denied = await act(v.id, 'stop', undefined, reader.auth);
    expect(denied.statusCode).toBe(403);
    const stranger = await buildUser(t.database.db);
    expect((await act(v.id, 'stop', undefined, stranger.auth)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats', headers: stranger.auth })).json()).toMatchObject({
      hosts: 0,
      vms: 0,
      running_vms: 0,
      stopped_vms: 0,
    });
  });

  it('background sync: a hung node goes offline within its timeout while the others complete', async () => {
    const hung = fleet.nodes[0]!;
    const other = fleet.node(fleet.nodes[1]!.name);
    const changed = [...other.guests.values()].find((g) => g.status === 'running' && !g.template)!;
    changed.status = 'stopped';
    await fleet.setFault(hung.name, { kind: 'hang' });
    const started = Date.now();
    const outcomes = await syncAllHosts(t.app);
    const elapsed = Date.now() - started;
    await fleet.setFault(hung.name, null);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(2);
    const hosts = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth })).json<
      { id: string; pve_node: string; status: string; last_error: string }[]
    >();
    const hungHost = hosts.find((h) => h.pve_node === hung.name)!;
    expect(hungHost.status).toBe('offline');
    expect(hungHost.last_error).toMatch(/^Cannot reach a Proxmox VE API at /);
    expect(hosts.filter((h) => h.pve_node !== hung.name).every((h) => h.status === 'online')).toBe(true);
    expect((await vms()).find((v) => v.vmid === changed.vmid && v.host_id === hostIds[1])!.state).toBe('stopped');
  });
});
