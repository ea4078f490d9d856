import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, tokenHeader, waitTask, type RawAnswer } from './test-http';

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const post = (path: string, form: Record<string, string> = {}): Promise<RawAnswer> =>
  raw(n.url, { method: 'POST', path: `/api2/json/nodes/node1${path}`, headers: t, form });
const get = async <T>(path: string): Promise<T> =>
  ((await raw(n.url, { path: `/api2/json/nodes/node1${path}`, headers: t })).json as { data: T }).data;
const run = async (path: string, form: Record<string, string> = {}): Promise<Record<string, unknown>> => {
  const res = await post(path, form);
  expect(res.status, `${path}: ${res.statusText}`).toBe(200);
  return waitTask(n.url, 'node1', (res.json as { data: string }).data, t);
};

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 60 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
});
afterAll(() => fleet.close());

describe('guest power actions', () => {
  it('start: the task runs until its end, then the VM runs', async () => {
    fleet.holdTasks();
    const res = await post('/qemu/200/status/start');
    const upid = (res.json as { data: string }).data;
    expect(upid).toMatch(/^UPID:node1:[0-9A-F]{8}:[0-9A-F]{8,9}:[0-9A-F]{8}:qmstart:200:root@pam!portal:$/);
    expect(fleet.node('node1').guest(200).status).toBe('stopped');
    const running = await get<{ status: string }>(`/tasks/${encodeURIComponent(upid)}/status`);
    expect(running.status).toBe('running');
    fleet.releaseTasks();
    const done = await waitTask(n.url, 'node1', upid, t);
    expect(done).toMatchObject({ status: 'stopped', exitstatus: 'OK', user: 'root@pam', tokenid: 'portal' });
    const status = await get<Record<string, unknown>>('/qemu/200/status/current');
    expect(status).toMatchObject({ status: 'running', qmpstatus: 'running' });
    expect(status['pid']).toEqual(expect.any(Number));
  });

  it('suspend pauses, shutdown of a paused VM fails synchronously, resume continues', async () => {
    expect((await run('/qemu/200/status/suspend'))['exitstatus']).toBe('OK');
    expect(await get('/qemu/200/status/current')).toMatchObject({ status: 'running', qmpstatus: 'paused' });
    const res = await post('/qemu/200/status/shutdown');
    expect([res.status, res.statusText]).toEqual([500, 'VM is paused - cannot shutdown']);
    await run('/qemu/200/status/resume');
    expect(await get('/qemu/200/status/current')).toMatchObject({ qmpstatus: 'running' });
  });

  it('shutdown with forceStop=1 of a paused VM stops it instead, as qemu-server does', async () => {
    await run('/qemu/200/status/suspend');
    const done = await run('/qemu/200/status/shutdown', { forceStop: '1' });
    expect(done).toMatchObject({ type: 'qmshutdown', exitstatus: 'OK' });
    expect(await get('/qemu/200/status/current')).toMatchObject({ status: 'stopped', qmpstatus: 'stopped' });
    await run('/qemu/200/status/start');
  });

  it('shutdown stops; stop on a stopped VM is an OK no-op; reboot/reset/suspend/resume need a running VM', async () => {
    await run('/qemu/200/status/shutdown');
    expect(fleet.node('node1').guest(200).status).toBe('stopped');
    expect((await run('/qemu/200/status/stop'))['exitstatus']).toBe('OK');
    for (const a of ['reboot', 'reset', 'suspend', 'resume']) {
      const res = await post(`/qemu/200/status/${a}`);
      expect([res.status, res.statusText]).toEqual([500, 'VM 200 not running']);
    }
  });

  it('task errors: template, lock, already running', async () => {
    expect((await run('/qemu/101/status/start'))['exitstatus']).toBe("you can't start a vm if it's a template");
    fleet.node('node1').guest(200).lock = 'migrate';
    expect((await run('/qemu/200/status/start'))['exitstatus']).toBe('VM is locked (migrate)');
    delete fleet.node('node1').guest(200).lock;
    expect((await run('/qemu/103/status/start'))['exitstatus']).toBe('VM 103 already running');
    const log = await get<{ n: number; t: string }[]>(`/tasks/${encodeURIComponent(fleet.node('node1').tasks.at(-1)!.upid)}/log`);
    expect(log.at(-1)?.t).toBe('TASK ERROR: VM 103 already running');
  });

  it('LXC checks state before forking (CT … not running / already running); reset does not exist', async () => {
    expect((await post('/lxc/106/status/start')).statusText).toBe('CT 106 already running');
    await run('/lxc/106/status/shutdown');
    expect(fleet.node('node1').guest(106).status).toBe('stopped');
    expect((await post('/lxc/106/status/stop')).statusText).toBe('CT 106 not running');
    expect((await post('/lxc/106/status/reboot')).statusText).toBe('VM 106 not running');
    await run('/lxc/106/status/start');
    expect(fleet.node('node1').guest(106).status).toBe('running');
    const reset = await post('/lxc/106/status/reset');
    expect([reset.status, reset.statusText]).toEqual([501, "Method 'POST /nodes/node1/lxc/106/status/reset' not implemented"]);
  });

  it('missing guests and wrong types answer the real 500', async () => {
    expect((await post('/lxc/100/status/start')).statusText).toBe("Configuration file 'nodes/node1/lxc/100.conf' does not exist");
    expect((await raw(n.url, { path: '/api2/json/nodes/other/qemu', headers: t })).statusText).toMatch(
      /^hostname lookup 'other' failed/,
    );
  });
});

describe('backups, snapshots, updates', () => {
  it('vzdump to a directory storage locks the guest while running and adds a volume', async () => {
    const before = (await get<unknown[]>('/storage/local/content?content=backup&vmid=100')).length;
    fleet.holdTasks();
    const res = await post('/vzdump', {
      vmid: '100',
      storage: 'local',
      compress: 'zstd',
      'notes-template': '{{guestname}} on {{node}}',
    });
    const upid = (res.json as { data: string }).data;
    expect(upid.split(':')[5]).toBe('vzdump');
    expect(upid.split(':')[6]).toBe('100');
    expect(await get('/qemu/100/status/current')).toMatchObject({ lock: 'backup' });
    fleet.releaseTasks();
    expect((await waitTask(n.url, 'node1', upid, t))['exitstatus']).toBe('OK');
    const vols = await get<{ volid: string; notes?: string; format: string; ctime: number }[]>(
      '/storage/local/content?content=backup&vmid=100',
    );
    expect(vols.length).toBe(before + 1);
    const newest = vols.reduce((a, b) => (b.ctime > a.ctime ? b : a));
    expect(newest.volid).toMatch(/^local:backup\/vzdump-qemu-100-\d{4}_\d{2}_\d{2}-\d{2}_\d{2}_\d{2}\.vma\.zst$/);
    expect(newest.notes).toBe('server1 on node1');
    expect(await get('/qemu/100/status/current')).not.toHaveProperty('lock');
  });

  it('vzdump to a PBS storage lands on the PBS datastore; several guests give an empty id; a locked guest fails the job', async () => {
    fleet.node('node1').guest(106).lock = 'snapshot';
    const res = await post('/vzdump', { vmid: '105,106', storage: 'pbs-store1' });
    const upid = (res.json as { data: string }).data;
    expect(upid.split(':')[6]).toBe('');
    const done = await waitTask(n.url, 'node1', upid, t);
    expect(done['exitstatus']).toBe('job errors');
    delete fleet.node('node1').guest(106).lock;
    const snaps = fleet
      .pbsState()!
      .datastores.get('store1')!
      .snapshots.filter((s) => s.id === '105');
    expect(snaps.length).toBe(2);
    const vols = await get<{ volid: string; format: string }[]>('/storage/pbs-store1/content?content=backup&vmid=105');
    expect(vols.map((v) => v.format)).toEqual(['pbs-ct', 'pbs-ct']);
  });

  it('snapshots: create, list with parent chain and "current", duplicate name fails the task', async () => {
    expect((await run('/qemu/102/snapshot', { snapname: 'pre-patch', description: 'before patching' }))['exitstatus']).toBe('OK');
    const list = await get<{ name: string; parent?: string; description: string }[]>('/qemu/102/snapshot');
    expect(list.map((s) => s.name)).toEqual(['before-upgrade', 'with-ram', 'pre-patch', 'current']);
    expect(list[2]).toMatchObject({ parent: 'with-ram', description: 'before patching' });
    expect(list[3]).toMatchObject({ parent: 'pre-patch', description: 'You are here!' });
    expect((await run('/qemu/102/snapshot', { snapname: 'pre-patch' }))['exitstatus']).toBe(
      "snapshot name 'pre-patch' already used",
    );
    expect((await post('/qemu/102/snapshot', { snapname: 'current' })).statusText).toBe(
      "unable to use snapshot name 'current' (reserved name)",
    );
  });

  it('apt: the cached list changes only when a refresh task ends', async () => {
    const node = fleet.node('node1');
    node.aptAvailable = [];
    expect((await get<unknown[]>('/apt/update')).length).toBeGreaterThan(0);
    expect((await run('/apt/update'))['type']).toBe('aptupdate');
    expect(await get('/apt/update')).toEqual([]);
    const versions = await get<{ Package: string; OldVersion: string; Version: string }[]>('/apt/versions');
    const mgr = versions.find((p) => p.Package === 'pve-manager');
    expect(mgr).toMatchObject({ OldVersion: '8.2.4', Version: '8.2.4' });
  });

  it('tasks: newest first, paging with total, running ones with source=active', async () => {
    const res = await raw(n.url, { path: '/api2/json/nodes/node1/tasks?limit=2&start=1', headers: t });
    const body = res.json as { data: { starttime: number }[]; total: number };
    expect(body.data).toHaveLength(2);
    expect(body.total).toBeGreaterThan(5);
    fleet.holdTasks();
    await post('/qemu/103/status/reboot');
    const active = await get<{ status: string; endtime?: number }[]>('/tasks?source=active');
    fleet.releaseTasks();
    expect(active[0]).toMatchObject({ status: 'RUNNING' });
    expect(active[0]).not.toHaveProperty('endtime');
  });
});

describe('metrics', () => {
  it('RRD: 70 rows for every timeframe, MAX >= AVERAGE, a busier guest shows more CPU', async () => {
    const node = fleet.node('node1');
    node.guest(103).load = 0.8;
    node.guest(100).load = 0.02;
    for (const tf of ['hour', 'day', 'week', 'month', 'year']) {
      const avg = await get<{ time: number; cpu?: number }[]>(`/qemu/103/rrddata?timeframe=${tf}`);
      expect(avg).toHaveLength(70);
      const max = await get<{ cpu?: number }[]>(`/qemu/103/rrddata?timeframe=${tf}&cf=MAX`);
      max.forEach((row, i) => expect(row.cpu ?? 0).toBeGreaterThanOrEqual(avg[i]?.cpu ?? 0));
    }
    const mean = (rows: { cpu?: number }[]): number => rows.reduce((s, r) => s + (r.cpu ?? 0), 0) / rows.length;
    const busy = mean(await get('/qemu/103/rrddata?timeframe=day'));
    const idle = mean(await get('/qemu/100/rrddata?timeframe=day'));
    expect(busy).toBeGreaterThan(0.4);
    expect(idle).toBeLessThan(0.05);
    const series = (await get<{ cpu?: number }[]>('/qemu/103/rrddata?timeframe=hour')).map((r) => r.cpu ?? 0);
    const maxStep = Math.max(...series.slice(1).map((v, i) => Math.abs(v - (series[i] ?? 0))));
    expect(maxStep).toBeLessThan(0.25);
    const node24 = await get<{ cpu: number; memused: number; memtotal: number }[]>('/rrddata?timeframe=day');
    expect(node24.every((r) => r.cpu > 0 && r.cpu <= 1 && r.memused < r.memtotal)).toBe(true);
  });
});
