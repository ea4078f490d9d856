import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFleet } from './fixture-fleet';
import { startFleet, type Fleet } from './fleet';
import { buildShape, compareToShape, stripMeta } from './shape-compare';
import { raw, startSlowTask, ticketHeaders, tokenHeader, waitTask, type RawAnswer } from './test-http';

// node1 and node2 of the fixture fleet form the cluster 'prod'; node3 stays standalone.

let fleet: Fleet;
const hdr = (i: number): Record<string, string> => tokenHeader(fleet.nodes[i]!.tokenId, fleet.nodes[i]!.tokenSecret);
const call = (i: number, method: string, path: string, form?: Record<string, string>): Promise<RawAnswer> =>
  raw(fleet.nodes[i]!.url, { method, path: `/api2/json${path}`, headers: hdr(i), ...(form ? { form } : {}) });
const get = async <T>(i: number, path: string): Promise<T> => {
  const res = await call(i, 'GET', path);
  expect(res.status, `GET ${path}: ${res.statusText}`).toBe(200);
  return (res.json as { data: T }).data;
};
/** Starts a task through node i and waits for it on the node named in its UPID. */
const runTask = async (i: number, path: string, form: Record<string, string> = {}) => {
  const res = await call(i, 'POST', path, form);
  expect(res.status, `POST ${path}: ${res.statusText}`).toBe(200);
  const upid = (res.json as { data: string }).data;
  return { upid, done: await waitTask(fleet.nodes[i]!.url, upid.split(':')[1]!, upid, hdr(i)) };
};
const taskLog = async (i: number, upid: string): Promise<string[]> =>
  (await get<{ t: string }[]>(i, `/nodes/${upid.split(':')[1]}/tasks/${encodeURIComponent(upid)}/log`)).map((l) => l.t);
const fixture = (name: string): unknown =>
  (
    stripMeta(JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)), 'utf8'))) as {
      data: unknown;
    }
  ).data;
const where = (vmid: number): string[] => fleet.nodes.map((n) => n.name).filter((name) => fleet.node(name).guests.has(vmid));

beforeAll(async () => {
  const spec = fixtureFleet();
  spec.clusters = [{ name: 'prod', nodes: ['node1', 'node2'] }];
  fleet = await startFleet(spec, { taskDurationMs: 60 });
});
afterAll(() => fleet.close());

describe('a cluster of simulated nodes', () => {
  it('/cluster/status: the cluster entry and one entry per member, local on the node asked (fixture shape)', async () => {
    for (const [i, local] of [
      [0, 'node1'],
      [1, 'node2'],
    ] as const) {
      const status = await get<Record<string, unknown>[]>(i, '/cluster/status');
      expect(compareToShape(buildShape([fixture('pve-cluster-status.json')]), [status])).toEqual([]);
      expect(status[0]).toEqual({ type: 'cluster', id: 'cluster', name: 'prod', nodes: 2, version: 2, quorate: 1 });
      expect(status.slice(1).map((s) => [s['name'], s['nodeid'], s['local'], s['online']])).toEqual([
        ['node1', 1, local === 'node1' ? 1 : 0, 1],
        ['node2', 2, local === 'node2' ? 1 : 0, 1],
      ]);
    }
    expect(await get<unknown[]>(2, '/cluster/status')).toEqual([expect.objectContaining({ name: 'node3', nodeid: 0 })]);
  });

  it('/nodes and /cluster/resources on any member cover every member; the ticket names the cluster', async () => {
    const nodes = await get<{ node: string; ssl_fingerprint: string }[]>(1, '/nodes');
    expect(compareToShape(buildShape([fixture('pve-nodes.json')]), [nodes])).toEqual([]);
    expect(nodes.map((n) => [n.node, n.ssl_fingerprint])).toEqual(fleet.nodes.slice(0, 2).map((n) => [n.name, n.fingerprint]));
    const vms = await get<{ id: string; node: string }[]>(1, '/cluster/resources?type=vm');
    expect(vms.find((r) => r.id === 'qemu/100')?.node).toBe('node1');
    expect(vms.find((r) => r.id === 'qemu/300')?.node).toBe('node2');
    expect(vms.some((r) => r.id === 'qemu/400')).toBe(false);
    const storages = await get<{ id: string }[]>(0, '/cluster/resources?type=storage');
    expect(storages.map((s) => s.id)).toEqual(expect.arrayContaining(['storage/node1/local', 'storage/node2/local']));
    const login = async (i: number) =>
      (
        (
          await raw(fleet.nodes[i]!.url, {
            method: 'POST',
            path: '/api2/json/access/ticket',
            form: { username: 'root@pam', password: fleet.nodes[i]!.password },
          })
        ).json as { data: Record<string, unknown> }
      ).data;
    expect((await login(0))['clustername']).toBe('prod');
    expect(await login(2)).not.toHaveProperty('clustername');
  });

  it('/nodes/{other}/… is served by that member (proxied): reads, actions, tasks', async () => {
    expect((await get<{ vmid: number }[]>(1, '/nodes/node1/qemu')).map((g) => g.vmid).sort()).toEqual([
      100, 101, 102, 103, 104, 200,
    ]);
    expect(await get(1, '/nodes/node1/qemu/100/status/current')).toMatchObject({ vmid: 100, status: 'running' });
    const { upid, done } = await runTask(1, '/nodes/node1/qemu/200/status/start');
    expect(upid.split(':')[1]).toBe('node1');
    expect(done['exitstatus']).toBe('OK');
    expect(fleet.node('node1').guest(200).status).toBe('running');
    expect(fleet.node('node1').tasks.some((t) => t.upid === upid)).toBe(true);
    // Counted on the node that received the request, under the node it was about.
    fleet.resetRequestStats();
    await get(1, '/nodes/node1/qemu');
    expect(fleet.requestStats('node2')).toMatchObject({ total: 1, by_node: { node1: 1 } });
    expect(fleet.requestStats('node1').total).toBe(0);
    // Not a member: the host name lookup fails; a member's name in the wrong case: 596.
    expect((await call(1, 'GET', '/nodes/node3/qemu')).statusText).toMatch(/^hostname lookup 'node3' failed/);
    expect((await call(1, 'GET', '/nodes/NODE1/qemu')).status).toBe(596);
  });
});

describe('migration', () => {
  it('offline: qmigrate holds the migrate lock, then the VM belongs to the target', async () => {
    await runTask(0, '/nodes/node1/qemu/200/status/stop');
    const res = await startSlowTask(fleet.node('node1'), () =>
      call(1, 'POST', '/nodes/node1/qemu/200/migrate', { target: 'node2' }),
    );
    const upid = (res.json as { data: string }).data;
    expect(upid.split(':').slice(1, 2).concat(upid.split(':').slice(5, 7))).toEqual(['node1', 'qmigrate', '200']);
    const during = await get<{ id: string; node: string; lock?: string }[]>(1, '/cluster/resources?type=vm');
    expect(during.find((r) => r.id === 'qemu/200')).toMatchObject({ node: 'node1', lock: 'migrate' });
    expect((await waitTask(fleet.nodes[0]!.url, 'node1', upid, hdr(0)))['exitstatus']).toBe('OK');
    expect(where(200)).toEqual(['node2']);
    const after = await get<{ id: string; node: string; lock?: string }[]>(0, '/cluster/resources?type=vm');
    expect(after.find((r) => r.id === 'qemu/200')).toEqual(expect.objectContaining({ node: 'node2', status: 'stopped' }));
    expect(after.find((r) => r.id === 'qemu/200')).not.toHaveProperty('lock');
    expect((await get<{ vmid: number }[]>(0, '/nodes/node2/qemu')).map((g) => g.vmid)).toContain(200);
    const log = await taskLog(0, upid);
    expect(log[0]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d starting migration of VM 200 to node 'node2' \(192\.168\.\d+\.\d+\)$/,
    );
    expect(log.slice(-2)).toEqual([expect.stringMatching(/ migration finished successfully \(duration 00:00:01\)$/), 'TASK OK']);
  });

  it('online: a running VM needs online=1, its local disks with-local-disks=1; it runs on the target', async () => {
    const noOnline = await call(0, 'POST', '/nodes/node1/qemu/103/migrate', { target: 'node2' });
    expect([noOnline.status, noOnline.statusText]).toEqual([500, "can't migrate running VM without --online"]);
    const local = await runTask(0, '/nodes/node1/qemu/103/migrate', { target: 'node2', online: '1' });
    expect(local.done['exitstatus']).toBe('migration aborted');
    const log = await taskLog(0, local.upid);
    expect(log).toContainEqual(
      expect.stringMatching(
        / can't migrate local disk 'local-zfs:vm-103-disk-0': can't live migrate attached local disks without with-local-disks option$/,
      ),
    );
    expect(log.at(-2)).toMatch(
      / ERROR: migration aborted \(duration 00:00:00\): Problem found while scanning volumes - can't migrate VM - check log$/,
    );
    expect(where(103)).toEqual(['node1']);
    expect(fleet.node('node1').guest(103).lock).toBeUndefined();
    const ok = await runTask(0, '/nodes/node1/qemu/103/migrate', { target: 'node2', online: '1', 'with-local-disks': '1' });
    expect(ok.done['exitstatus']).toBe('OK');
    expect(where(103)).toEqual(['node2']);
    expect(await get(0, '/nodes/node2/qemu/103/status/current')).toMatchObject({ status: 'running', uptime: expect.any(Number) });
    expect(fleet.node('node2').guest(103).startedAt).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('containers: restart mode moves a running CT; online is refused in the task', async () => {
    const res = await call(0, 'POST', '/nodes/node1/lxc/105/migrate', { target: 'node2' });
    expect(res.statusText).toBe("can't migrate running container without --online or --restart");
    const online = await runTask(0, '/nodes/node1/lxc/105/migrate', { target: 'node2', online: '1' });
    expect(online.done['exitstatus']).toBe('migration aborted');
    expect((await taskLog(0, online.upid)).at(-2)).toMatch(
      /ERROR: migration aborted \(duration 00:00:00\): lxc live migration is currently not implemented$/,
    );
    const restart = await runTask(0, '/nodes/node1/lxc/105/migrate', { target: 'node2', restart: '1' });
    expect(restart.upid.split(':')[5]).toBe('vzmigrate');
    expect(restart.done['exitstatus']).toBe('OK');
    expect(where(105)).toEqual(['node2']);
    expect(fleet.node('node2').guest(105).status).toBe('running');
  });

  it('checks: local target, non-members, locks (qemu at once, lxc in the task), privileges, HA', async () => {
    const self = await call(0, 'POST', '/nodes/node1/qemu/100/migrate', { target: 'node1' });
    expect([self.status, (self.json as { errors: unknown }).errors]).toEqual([400, { target: 'target is local node.' }]);
    expect((await call(0, 'POST', '/nodes/node1/qemu/100/migrate', { target: 'node3', online: '1' })).statusText).toBe(
      "no such cluster node 'node3'",
    );
    expect((await call(2, 'POST', '/nodes/node3/qemu/400/migrate', { target: 'node1', online: '1' })).statusText).toBe(
      "no such cluster node 'node1'",
    );
    fleet.setGuestLock('node1', 100, 'backup');
    expect((await call(0, 'POST', '/nodes/node1/qemu/100/migrate', { target: 'node2', online: '1' })).statusText).toBe(
      'VM is locked (backup)',
    );
    fleet.setGuestLock('node1', 100, null);
    fleet.setGuestLock('node1', 106, 'backup');
    const ct = await runTask(0, '/nodes/node1/lxc/106/migrate', { target: 'node2', restart: '1' });
    expect(ct.done['exitstatus']).toBe('migration aborted');
    expect((await taskLog(0, ct.upid)).at(-2)).toMatch(/: CT is locked \(backup\)$/);
    expect(fleet.node('node1').guest(106).lock).toBe('backup');
    fleet.setGuestLock('node1', 106, null);
    const ro = tokenHeader(fleet.nodes[0]!.readonlyTokenId, fleet.nodes[0]!.readonlyTokenSecret);
    const denied = await raw(fleet.nodes[0]!.url, {
      method: 'POST',
      path: '/api2/json/nodes/node1/qemu/100/migrate',
      headers: ro,
      form: { target: 'node2' },
    });
    expect([denied.status, denied.statusText]).toEqual([403, 'Permission check failed (/vms/100, VM.Migrate)']);
    fleet.node('node2').guest(301).ha = true;
    const ha = await runTask(1, '/nodes/node2/lxc/301/migrate', { target: 'node1', restart: '1' });
    expect([ha.upid.split(':')[5], ha.done['exitstatus']]).toEqual(['hamigrate', 'OK']);
    expect(where(301)).toEqual(['node1']);
  });

  it('fleet.migrateGuest moves a guest at once; it needs a cluster and a vmid in it', () => {
    fleet.migrateGuest(300, 'node1');
    expect(where(300)).toEqual(['node1']);
    fleet.migrateGuest(300, 'node2');
    expect(where(300)).toEqual(['node2']);
    expect(() => fleet.migrateGuest(400, 'node1')).toThrow("no guest 400 in cluster 'prod'");
    expect(() => fleet.migrateGuest(400, 'node3')).toThrow('node3 is not in a cluster');
  });
});

describe('a member that is down', () => {
  it('refuse: offline in /cluster/status (no quorum with 1 of 2), 595 when proxied to, figures gone from resources', async () => {
    await fleet.setFault('node2', { kind: 'refuse' });
    try {
      const status = await get<Record<string, unknown>[]>(0, '/cluster/status');
      expect(status[0]).toMatchObject({ quorate: 0 });
      expect(status.find((s) => s['name'] === 'node2')).toMatchObject({ online: 0 });
      expect((await get<{ node: string; status: string }[]>(0, '/nodes')).map((n) => [n.node, n.status])).toEqual([
        ['node1', 'online'],
        ['node2', 'offline'],
      ]);
      const proxied = await call(0, 'GET', '/nodes/node2/qemu');
      expect([proxied.status, proxied.statusText, proxied.text]).toEqual([595, 'Connection refused', '']);
      const vms = await get<{ id: string; status: string; cpu?: number }[]>(0, '/cluster/resources?type=vm');
      expect(vms.find((r) => r.id === 'qemu/103')).toEqual({
        id: 'qemu/103',
        vmid: 103,
        node: 'node2',
        type: 'qemu',
        status: 'unknown',
      });
      const migrate = await call(0, 'POST', '/nodes/node1/qemu/100/migrate', { target: 'node2', online: '1' });
      expect(migrate.statusText).toBe('cluster not ready - no quorum?');
    } finally {
      await fleet.setFault('node2', null);
    }
  });

  it('hang: still online for corosync, but a proxied request gets 595', async () => {
    await fleet.setFault('node2', { kind: 'hang' });
    try {
      expect((await get<Record<string, unknown>[]>(0, '/cluster/status'))[0]).toMatchObject({ quorate: 1 });
      expect(await call(0, 'GET', '/nodes/node2/status')).toMatchObject({ status: 595, statusText: 'Connection timed out' });
    } finally {
      await fleet.setFault('node2', null);
    }
  });

  it('tickets stay per node: each member keeps its own credentials', async () => {
    const t1 = await ticketHeaders(fleet.nodes[0]!.url, fleet.nodes[0]!.password);
    expect((await raw(fleet.nodes[1]!.url, { path: '/api2/json/version', headers: t1.get })).status).toBe(401);
  });
});
