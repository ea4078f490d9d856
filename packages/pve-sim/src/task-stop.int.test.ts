import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, startSlowTask, tokenHeader, waitTask, type RawAnswer } from './test-http';

// DELETE /nodes/{node}/tasks/{upid} (pve-manager Tasks.pm stop_task) over raw HTTPS.

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const api = (path: string): string => `/api2/json/nodes/node1${path}`;
const send = (method: string, path: string, form?: Record<string, string>, headers = t): Promise<RawAnswer> =>
  raw(n.url, { method, path: api(path), headers, ...(form ? { form } : {}) });
const get = async <T>(path: string): Promise<T> => ((await send('GET', path)).json as { data: T }).data;
const taskPath = (upid: string): string => `/tasks/${encodeURIComponent(upid)}`;
const status = (upid: string): Promise<Record<string, unknown>> => get(`${taskPath(upid)}/status`);
const log = async (upid: string): Promise<string[]> =>
  (await get<{ t: string }[]>(`${taskPath(upid)}/log?limit=500`)).map((l) => l.t);
/** Starts a task lasting 5 s: long enough to stop it on a loaded machine. */
const slowStart = async (path: string, form?: Record<string, string>): Promise<string> => {
  const res = await startSlowTask(fleet.node('node1'), () => send('POST', path, form), 5_000);
  expect(res.status, res.statusText).toBe(200);
  return (res.json as { data: string }).data;
};
const stop = (upid: string, headers = t): Promise<RawAnswer> => send('DELETE', taskPath(upid), undefined, headers);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
});
afterAll(() => fleet.close());

describe('stopping a task', () => {
  it('kills a running guest start: the task ends "received interrupt" and the guest stays stopped', async () => {
    const upid = await slowStart('/qemu/102/status/start');
    expect(await status(upid)).toMatchObject({ status: 'running' });
    const res = await stop(upid);
    expect([res.status, res.json]).toEqual([200, { data: null }]);
    expect(await status(upid)).toMatchObject({ status: 'stopped', exitstatus: 'received interrupt' });
    expect((await log(upid)).at(-1)).toBe('TASK ERROR: received interrupt');
    // The listing shows the error too, and the start never takes effect later.
    const listed = await get<{ upid: string; status: string }[]>('/tasks?source=all&vmid=102');
    expect(listed.find((x) => x.upid === upid)?.status).toBe('received interrupt');
    await sleep(300);
    expect(await get('/qemu/102/status/current')).toMatchObject({ status: 'stopped' });
  });

  it('a snapshot with RAM cleans up: the half-made snapshot and the lock go away', async () => {
    const upid = await slowStart('/qemu/103/snapshot', { snapname: 'ram', vmstate: '1' });
    expect(await get('/qemu/103/status/current')).toMatchObject({ lock: 'snapshot' });
    expect((await stop(upid)).status).toBe(200);
    expect(await status(upid)).toMatchObject({ status: 'stopped', exitstatus: 'received interrupt' });
    expect(await log(upid)).toContain('snapshot create failed: starting cleanup');
    expect(await get('/qemu/103/status/current')).not.toHaveProperty('lock');
    const snaps = await get<{ name: string }[]>('/qemu/103/snapshot');
    expect(snaps.map((s) => s.name)).not.toContain('ram');
  });

  it('vzdump: the guest being backed up fails "interrupted by signal", the job ends "job errors", no volume, no lock', async () => {
    const before = (await get<unknown[]>('/storage/local/content?content=backup&vmid=100')).length;
    const upid = await slowStart('/vzdump', { vmid: '100', storage: 'local' });
    expect(await get('/qemu/100/status/current')).toMatchObject({ lock: 'backup' });
    expect((await stop(upid)).status).toBe(200);
    expect(await status(upid)).toMatchObject({ status: 'stopped', exitstatus: 'job errors' });
    const lines = await log(upid);
    expect(lines).toContain('ERROR: Backup of VM 100 failed - interrupted by signal');
    expect(lines.slice(-2)).toEqual(['INFO: Backup job finished with errors', 'TASK ERROR: job errors']);
    expect(await get('/qemu/100/status/current')).not.toHaveProperty('lock');
    expect((await get<unknown[]>('/storage/local/content?content=backup&vmid=100')).length).toBe(before);
  });

  it('a finished task: 200 and null, as check_worker finds nothing to kill; its exit status stays', async () => {
    const res = await send('POST', '/qemu/100/status/reboot');
    const upid = (res.json as { data: string }).data;
    expect((await waitTask(n.url, 'node1', upid, t))['exitstatus']).toBe('OK');
    const again = await stop(upid);
    expect([again.status, again.json]).toEqual([200, { data: null }]);
    expect(await status(upid)).toMatchObject({ status: 'stopped', exitstatus: 'OK' });
  });

  it('an unknown or malformed UPID: 400 with the parameter error', async () => {
    const unknown = await stop('UPID:node1:0000FFFF:00000001:00000001:qmstart:100:root@pam:');
    expect([unknown.status, unknown.json]).toMatchObject([400, { errors: { upid: 'no such task' } }]);
    const bad = await stop('not-a-upid');
    expect([bad.status, bad.json]).toMatchObject([400, { errors: { upid: 'unable to parse worker upid' } }]);
  });

  it("another token's task needs Sys.Modify on the node: 403, and the task keeps running", async () => {
    const upid = await slowStart('/qemu/102/status/start');
    const ro = tokenHeader(n.readonlyTokenId, n.readonlyTokenSecret);
    const res = await stop(upid, ro);
    expect([res.status, res.statusText]).toEqual([403, 'Permission check failed (/nodes/node1, Sys.Modify)']);
    expect(await status(upid)).toMatchObject({ status: 'running' });
    expect((await stop(upid)).status).toBe(200);
  });
});
