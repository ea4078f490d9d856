import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, startSlowTask, tokenHeader, waitTask, type RawAnswer } from './test-http';

// Snapshot create / delete / rollback, guest locks and repeated form keys, over raw HTTPS.

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const api = (path: string): string => `/api2/json/nodes/node1${path}`;
const send = (method: string, path: string, form?: Record<string, string | string[]>): Promise<RawAnswer> =>
  raw(n.url, { method, path: api(path), headers: t, ...(form ? { form } : {}) });
const get = async <T>(path: string): Promise<T> => ((await send('GET', path)).json as { data: T }).data;
/** Starts a task, checks the answer is a UPID of that type. */
const start = async (method: string, path: string, type: string, form?: Record<string, string | string[]>): Promise<string> => {
  const res = await send(method, path, form);
  expect(res.status, `${method} ${path}: ${res.statusText}`).toBe(200);
  const upid = (res.json as { data: string }).data;
  expect(upid.split(':')[5]).toBe(type);
  return upid;
};
/** Starts a task that lasts long enough to look at the guest while it runs. */
const slow = (fn: () => Promise<string>): Promise<string> => startSlowTask(fleet.node('node1'), fn);
const finish = (upid: string): Promise<Record<string, unknown>> => waitTask(n.url, 'node1', upid, t);
const run = async (method: string, path: string, type: string, form?: Record<string, string | string[]>) =>
  finish(await start(method, path, type, form));

interface SnapItem {
  name: string;
  parent?: string;
  snapstate?: string;
  vmstate?: number;
  running?: number;
  description: string;
  snaptime?: number;
}
const snaps = (type: 'qemu' | 'lxc', vmid: number): Promise<SnapItem[]> => get<SnapItem[]>(`/${type}/${vmid}/snapshot`);
const lockOf = async (vmid: number): Promise<unknown> => {
  const [list, current, resources] = await Promise.all([
    get<{ vmid: number; lock?: string }[]>('/qemu'),
    get<{ lock?: string }>(`/qemu/${vmid}/status/current`),
    raw(n.url, { path: '/api2/json/cluster/resources?type=vm', headers: t }),
  ]);
  const inList = list.find((g) => g.vmid === vmid)?.lock;
  const inResources = (resources.json as { data: { vmid: number; lock?: string }[] }).data.find((r) => r.vmid === vmid)?.lock;
  // The three views always agree.
  expect([inList, current.lock, inResources]).toEqual([inList, inList, inList]);
  return inList;
};

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
});
afterAll(() => fleet.close());

describe('snapshot create', () => {
  it("holds the 'snapshot' lock while it runs (list, status/current, cluster/resources); a second call fails on it", async () => {
    const upid = await slow(() =>
      start('POST', '/qemu/103/snapshot', 'qmsnapshot', { snapname: 'first', description: 'by a test' }),
    );
    expect(await lockOf(103)).toBe('snapshot');
    expect((await snaps('qemu', 103)).find((s) => s.name === 'first')).toMatchObject({ snapstate: 'prepare' });
    const second = await run('POST', '/qemu/103/snapshot', 'qmsnapshot', { snapname: 'second' });
    expect(second['exitstatus']).toBe('VM is locked (snapshot)');
    const action = await run('POST', '/qemu/103/status/reboot', 'qmreboot');
    expect(action['exitstatus']).toBe('VM is locked (snapshot)');
    expect((await finish(upid))['exitstatus']).toBe('OK');
    expect(await lockOf(103)).toBeUndefined();
    const list = await snaps('qemu', 103);
    expect(list.map((s) => s.name)).toEqual(['first', 'current']);
    expect(list[0]).toEqual({ name: 'first', description: 'by a test', snaptime: expect.any(Number), vmstate: 0 });
    expect(list[1]).toMatchObject({ name: 'current', parent: 'first', running: 1, description: 'You are here!' });
  });

  it('saves RAM only for a running qemu VM asked for vmstate; the chain follows the current parent', async () => {
    await run('POST', '/qemu/103/snapshot', 'qmsnapshot', { snapname: 'with-ram', vmstate: '1' });
    await run('POST', '/qemu/200/snapshot', 'qmsnapshot', { snapname: 'cold', vmstate: '1' });
    expect((await snaps('qemu', 103)).find((s) => s.name === 'with-ram')).toMatchObject({ vmstate: 1, parent: 'first' });
    expect((await snaps('qemu', 200))[0]).toMatchObject({ name: 'cold', vmstate: 0 });
    expect((await snaps('qemu', 200))[0]).not.toHaveProperty('parent');
  });

  it('fails the task at once for a template, a used name; reserved names and a missing VM answer 500', async () => {
    expect((await run('POST', '/qemu/101/snapshot', 'qmsnapshot', { snapname: 'x1' }))['exitstatus']).toBe(
      "you can't take a snapshot if it's a template",
    );
    expect((await run('POST', '/qemu/103/snapshot', 'qmsnapshot', { snapname: 'first' }))['exitstatus']).toBe(
      "snapshot name 'first' already used",
    );
    for (const name of ['current', 'PENDING']) {
      const res = await send('POST', '/qemu/103/snapshot', { snapname: name });
      expect([res.status, res.statusText]).toEqual([500, `unable to use snapshot name '${name}' (reserved name)`]);
    }
    expect((await send('POST', '/qemu/999/snapshot', { snapname: 'x1' })).statusText).toBe(
      "Configuration file 'nodes/node1/qemu-server/999.conf' does not exist",
    );
    expect(await lockOf(103)).toBeUndefined();
  });

  it("LXC: task vzsnapshot, 'vzdump' is reserved but 'pending' is not, no vmstate; a missing CT fails in the task", async () => {
    const res = await send('POST', '/lxc/106/snapshot', { snapname: 'vzdump' });
    expect(res.statusText).toBe("unable to use snapshot name 'vzdump' (reserved name)");
    expect((await send('POST', '/lxc/106/snapshot', { snapname: 'x1', vmstate: '1' })).status).toBe(400);
    expect((await run('POST', '/lxc/106/snapshot', 'vzsnapshot', { snapname: 'pending' }))['exitstatus']).toBe('OK');
    const list = await snaps('lxc', 106);
    expect(list[0]).not.toHaveProperty('vmstate');
    expect(list.at(-1)).toMatchObject({ name: 'current', parent: 'pending', running: 1 });
    expect((await run('POST', '/lxc/999/snapshot', 'vzsnapshot', { snapname: 'x1' }))['exitstatus']).toBe(
      "Configuration file 'nodes/node1/lxc/999.conf' does not exist",
    );
  });
});

describe('snapshot rollback', () => {
  it("stops the VM, holds 'rollback', restores the settings; a snapshot without RAM leaves it stopped", async () => {
    const node = fleet.node('node1');
    node.guest(103).cores = 8;
    const upid = await slow(() => start('POST', '/qemu/103/snapshot/first/rollback', 'qmrollback'));
    expect(await lockOf(103)).toBe('rollback');
    expect(node.guest(103).status).toBe('stopped');
    expect((await finish(upid))['exitstatus']).toBe('OK');
    expect(await lockOf(103)).toBeUndefined();
    expect(node.guest(103)).toMatchObject({ status: 'stopped', cores: 4 });
    expect((await snaps('qemu', 103)).at(-1)).toMatchObject({ name: 'current', parent: 'first', running: 0 });
  });

  it('a snapshot with RAM comes back running; start=1 starts after a rollback without RAM', async () => {
    await run('POST', '/qemu/103/snapshot/with-ram/rollback', 'qmrollback');
    expect(fleet.node('node1').guest(103).status).toBe('running');
    await run('POST', '/qemu/200/snapshot/cold/rollback', 'qmrollback', { start: '1' });
    expect(fleet.node('node1').guest(200).status).toBe('running');
    await run('POST', '/qemu/200/status/stop', 'qmstop');
  });

  it('task errors: unknown snapshot, template; LXC is vzrollback', async () => {
    expect((await run('POST', '/qemu/103/snapshot/nope/rollback', 'qmrollback'))['exitstatus']).toBe(
      "snapshot 'nope' does not exist",
    );
    expect((await run('POST', '/qemu/101/snapshot/nope/rollback', 'qmrollback'))['exitstatus']).toBe(
      "you can't rollback if vm is a template",
    );
    expect((await run('POST', '/lxc/106/snapshot/pending/rollback', 'vzrollback', { start: '1' }))['exitstatus']).toBe('OK');
    expect(fleet.node('node1').guest(106).status).toBe('running');
  });
});

describe('snapshot delete', () => {
  it("holds 'snapshot-delete', then re-parents the children and the current state", async () => {
    await run('POST', '/qemu/102/snapshot', 'qmsnapshot', { snapname: 'third' });
    expect((await snaps('qemu', 102)).map((s) => [s.name, s.parent])).toEqual([
      ['before-upgrade', undefined],
      ['with-ram', 'before-upgrade'],
      ['third', 'with-ram'],
      ['current', 'third'],
    ]);
    const upid = await slow(() => start('DELETE', '/qemu/102/snapshot/with-ram', 'qmdelsnapshot'));
    expect(await lockOf(102)).toBe('snapshot-delete');
    expect((await snaps('qemu', 102)).find((s) => s.name === 'with-ram')?.snapstate).toBe('delete');
    expect((await finish(upid))['exitstatus']).toBe('OK');
    expect((await snaps('qemu', 102)).map((s) => [s.name, s.parent])).toEqual([
      ['before-upgrade', undefined],
      ['third', 'before-upgrade'],
      ['current', 'third'],
    ]);
    await run('DELETE', '/qemu/102/snapshot/third', 'qmdelsnapshot');
    expect((await snaps('qemu', 102)).at(-1)).toMatchObject({ name: 'current', parent: 'before-upgrade' });
    expect(await lockOf(102)).toBeUndefined();
  });

  it('an unknown snapshot fails the task; a body on DELETE is refused; parameters go in the query string', async () => {
    expect((await run('DELETE', '/qemu/102/snapshot/nope', 'qmdelsnapshot'))['exitstatus']).toBe(
      "snapshot 'nope' does not exist",
    );
    const withBody = await send('DELETE', '/qemu/102/snapshot/nope', { force: '1' });
    expect([withBody.status, withBody.statusText]).toEqual([501, "Unexpected content for method 'DELETE'"]);
    expect((await run('DELETE', '/lxc/106/snapshot/nope?force=1', 'vzdelsnapshot'))['exitstatus']).toBe(
      "snapshot 'nope' does not exist",
    );
    const bad = await send('DELETE', '/qemu/102/snapshot/1bad');
    expect(bad.status).toBe(400);
    expect((bad.json as { errors: Record<string, string> }).errors).toEqual({
      snapname: "invalid format - invalid configuration ID '1bad'\n",
    });
  });
});

describe('locks held by other jobs', () => {
  it("a running vzdump holds 'backup': snapshots and actions on the guest fail in their task", async () => {
    const dump = await slow(() => start('POST', '/vzdump', 'vzdump', { vmid: '105', storage: 'local' }));
    expect((await get<{ vmid: string | number; lock?: string }[]>('/lxc')).find((g) => Number(g.vmid) === 105)?.lock).toBe(
      'backup',
    );
    expect((await run('POST', '/lxc/105/snapshot', 'vzsnapshot', { snapname: 'during' }))['exitstatus']).toBe(
      'CT is locked (backup)',
    );
    expect((await run('POST', '/lxc/105/status/shutdown', 'vzshutdown'))['exitstatus']).toBe('CT is locked (backup)');
    expect((await finish(dump))['exitstatus']).toBe('OK');
    expect((await run('POST', '/lxc/105/snapshot', 'vzsnapshot', { snapname: 'after' }))['exitstatus']).toBe('OK');
  });

  it('setGuestLock puts a guest under a lock from outside (shown everywhere) and clears it', async () => {
    fleet.setGuestLock('node1', 104, 'backup');
    expect(await lockOf(104)).toBe('backup');
    expect((await run('POST', '/qemu/104/snapshot', 'qmsnapshot', { snapname: 'x1' }))['exitstatus']).toBe(
      'VM is locked (backup)',
    );
    expect((await run('POST', '/qemu/104/status/stop', 'qmstop'))['exitstatus']).toBe('VM is locked (backup)');
    expect((await run('POST', '/qemu/104/status/stop', 'qmstop', { skiplock: '1' }))['exitstatus']).toBe('OK');
    fleet.setGuestLock('node1', 104, null);
    expect(await lockOf(104)).toBeUndefined();
    expect(() => fleet.setGuestLock('node1', 999, 'backup')).toThrow(/no guest 999/);
    expect(() => fleet.setGuestLock('nodeX', 104, 'backup')).toThrow(/no simulated node/);
  });
});

describe('setSnapshotFault', () => {
  it('create fails and cleans up; delete fails and keeps its lock, force=1 warns and deletes; rollback keeps its lock', async () => {
    fleet.setSnapshotFault('node1', 100, { message: 'zfs error: out of space' });
    const created = await run('POST', '/qemu/100/snapshot', 'qmsnapshot', { snapname: 'doomed' });
    expect(created['exitstatus']).toBe('zfs error: out of space');
    expect((await snaps('qemu', 100)).map((s) => s.name)).toEqual(['current']);
    expect(await lockOf(100)).toBeUndefined();

    fleet.setSnapshotFault('node1', 100, null);
    await run('POST', '/qemu/100/snapshot', 'qmsnapshot', { snapname: 's1' });
    fleet.setSnapshotFault('node1', 100, {});
    const deleted = await run('DELETE', '/qemu/100/snapshot/s1', 'qmdelsnapshot');
    expect(deleted['exitstatus']).toBe('snapshot delete failed: simulated storage error');
    expect(await lockOf(100)).toBe('snapshot-delete');
    fleet.setGuestLock('node1', 100, null);
    const forced = await start('DELETE', '/qemu/100/snapshot/s1?force=1', 'qmdelsnapshot');
    expect((await finish(forced))['exitstatus']).toBe('WARNINGS: 1');
    const log = await get<{ t: string }[]>(`/tasks/${encodeURIComponent(forced)}/log`);
    expect(log.map((l) => l.t).slice(-2)).toEqual(['WARN: snapshot delete failed: simulated storage error', 'TASK WARNINGS: 1']);
    expect((await snaps('qemu', 100)).map((s) => s.name)).toEqual(['current']);

    fleet.setSnapshotFault('node1', 100, null);
    await run('POST', '/qemu/100/snapshot', 'qmsnapshot', { snapname: 's2' });
    fleet.setSnapshotFault('node1', 100, { message: 'rollback broke' });
    expect((await run('POST', '/qemu/100/snapshot/s2/rollback', 'qmrollback'))['exitstatus']).toBe('rollback broke');
    expect(await lockOf(100)).toBe('rollback');
    fleet.setSnapshotFault('node1', 100, null);
    fleet.setGuestLock('node1', 100, null);
  });
});

describe('permissions', () => {
  it('the audit-only token may list but not delete (VM.Snapshot) or roll back (any of two privileges)', async () => {
    const ro = tokenHeader(n.readonlyTokenId, n.readonlyTokenSecret);
    expect((await raw(n.url, { path: api('/qemu/102/snapshot'), headers: ro })).status).toBe(200);
    const del = await raw(n.url, { method: 'DELETE', path: api('/qemu/102/snapshot/before-upgrade'), headers: ro });
    expect([del.status, del.statusText]).toEqual([403, 'Permission check failed (/vms/102, VM.Snapshot)']);
    const rb = await raw(n.url, { method: 'POST', path: api('/qemu/102/snapshot/before-upgrade/rollback'), headers: ro });
    expect([rb.status, rb.statusText]).toEqual([403, 'Permission check failed (/vms/102, VM.Snapshot|VM.Snapshot.Rollback)']);
    expect(await get('/qemu/102/snapshot/before-upgrade')).toEqual([{ cmd: 'rollback' }, { cmd: 'config' }]);
  });
});

describe('repeated form keys', () => {
  it('PVE 8: a repeated scalar key fails its type check, a *-list parameter joins them, the query wins over the body', async () => {
    const res = await send('POST', '/qemu/103/snapshot', { snapname: ['a1', 'b1'] });
    expect(res.status).toBe(400);
    expect((res.json as { errors: Record<string, string> }).errors).toEqual({
      snapname: "type check ('string') failed - got ARRAY",
    });
    const ints = await raw(n.url, { path: api('/tasks?limit=1&limit=2'), headers: t });
    expect((ints.json as { errors: Record<string, string> }).errors).toEqual({
      limit: "type check ('integer') failed - got ARRAY",
    });
    const dump = await run('POST', '/vzdump', 'vzdump', { vmid: ['100', '105'], storage: 'local' });
    expect(dump['exitstatus']).toBe('OK');
    expect((await get<unknown[]>('/storage/local/content?content=backup&vmid=100')).length).toBe(1);
    const upid = await start('POST', '/qemu/103/snapshot?snapname=from-query', 'qmsnapshot', { snapname: 'from-body' });
    await finish(upid);
    expect((await snaps('qemu', 103)).map((s) => s.name)).toContain('from-query');
  });

  it('PVE 7 joins repeated keys with NUL: a *-list still splits, a scalar keeps the joined text', async () => {
    const n3 = fleet.nodes[2]!;
    const t3 = tokenHeader(n3.tokenId, n3.tokenSecret);
    const res = await raw(n3.url, {
      method: 'POST',
      path: '/api2/json/nodes/node3/vzdump',
      headers: t3,
      form: { vmid: ['400', '401'], storage: 'local' },
    });
    const done = await waitTask(n3.url, 'node3', (res.json as { data: string }).data, t3);
    expect(done['exitstatus']).toBe('OK');
    expect(
      fleet
        .node('node3')
        .storages.get('local')
        ?.backups.map((b) => b.vmid),
    ).toEqual([400, 401]);
    const ints = await raw(n3.url, { path: '/api2/json/nodes/node3/tasks?limit=1&limit=2', headers: t3 });
    expect((ints.json as { errors: Record<string, string> }).errors).toEqual({
      limit: "type check ('integer') failed - got '1\u00002'",
    });
  });
});
