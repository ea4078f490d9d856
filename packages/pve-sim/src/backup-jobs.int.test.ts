import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { generateFleet } from './generator';
import { raw, tokenHeader, waitTask, type RawAnswer } from './test-http';

// vzdump across a cluster ('OK' when nothing is local), retention, /cluster/backup, not-backed-up, extractconfig.

let fleet: Fleet;
let t: Record<string, string>[];
const url = (i: number): string => fleet.nodes[i]!.url;
const send = (i: number, method: string, path: string, form?: Record<string, string | string[]>): Promise<RawAnswer> =>
  raw(url(i), { method, path: `/api2/json${path}`, headers: t[i]!, ...(form ? { form } : {}) });
const data = <T>(res: RawAnswer): T => {
  expect(res.status, res.statusText).toBe(200);
  return (res.json as { data: T }).data;
};

beforeAll(async () => {
  fleet = await startFleet(generateFleet({ nodes: 3, guests: 6, clusterSize: 3, seed: 4 }), { taskDurationMs: 40 });
  t = fleet.nodes.map((n) => tokenHeader(n.tokenId, n.tokenSecret));
});
afterAll(() => fleet.close());

const vmidsOf = (i: number): number[] =>
  [...fleet.node(fleet.nodes[i]!.name).guests.values()].filter((g) => !g.template).map((g) => g.vmid);

describe('vzdump in a cluster', () => {
  it("answers 'OK' on a node without any of the guests; skips the other nodes' guests; an unknown vmid still fails", async () => {
    const [a, b] = [vmidsOf(0), vmidsOf(1)];
    expect(a.length).toBeGreaterThan(0);
    const ok = await send(2, 'POST', `/nodes/${fleet.nodes[2]!.name}/vzdump`, { vmid: [...a, ...b].join(','), storage: 'local' });
    expect(data(ok)).toBe('OK');
    const upid = data<string>(
      await send(0, 'POST', `/nodes/${fleet.nodes[0]!.name}/vzdump`, { vmid: `${a[0]},${b[0]}`, storage: 'local' }),
    );
    expect(upid.split(':')[6]).toBe(String(a[0]));
    expect(await waitTask(url(0), fleet.nodes[0]!.name, upid, t[0]!)).toMatchObject({ exitstatus: 'OK' });
    const log = data<{ t: string }[]>(
      await send(0, 'GET', `/nodes/${fleet.nodes[0]!.name}/tasks/${encodeURIComponent(upid)}/log`),
    );
    expect(log.map((l) => l.t)).toContain(`INFO: skip external VMs: ${b[0]}`);
    const unknown = await send(0, 'POST', `/nodes/${fleet.nodes[0]!.name}/vzdump`, { vmid: `${a[0]},99999`, storage: 'local' });
    expect([unknown.status, unknown.statusText]).toEqual([
      500,
      `unable to find configuration file for VM 99999 on node '${fleet.nodes[0]!.name}'`,
    ]);
  });

  it('prunes the guest after its backup with prune-backups (remove=1), keeping protected ones', async () => {
    const node = fleet.nodes[0]!.name;
    const vmid = vmidsOf(0)[0]!;
    const storage = fleet.node(node).storages.get('local')!;
    const type = fleet.node(node).guest(vmid).type;
    const now = Math.floor(Date.now() / 1000);
    storage.backups = storage.backups.filter((b) => b.vmid !== vmid);
    storage.backups.push(
      { vmid, subtype: type, ctime: now - 3 * 86_400, size: 1000, protected: true },
      { vmid, subtype: type, ctime: now - 2 * 86_400, size: 1000 },
      { vmid, subtype: type, ctime: now - 86_400, size: 1000 },
    );
    const upid = data<string>(
      await send(0, 'POST', `/nodes/${node}/vzdump`, { vmid: String(vmid), storage: 'local', 'prune-backups': 'keep-last=2' }),
    );
    expect(await waitTask(url(0), node, upid, t[0]!)).toMatchObject({ exitstatus: 'OK' });
    const left = data<{ ctime: number; protected?: number }[]>(
      await send(0, 'GET', `/nodes/${node}/storage/local/content?content=backup&vmid=${vmid}`),
    );
    // keep-last=2: the new backup and yesterday's; the day before is gone, the protected one stays.
    const times = left.map((b) => b.ctime).sort((x, y) => x - y);
    expect(times).toHaveLength(3);
    expect(times.slice(0, 2)).toEqual([now - 3 * 86_400, now - 86_400]);
    expect(times[2]).toBeGreaterThanOrEqual(now);
    const log = data<{ t: string }[]>(await send(0, 'GET', `/nodes/${node}/tasks/${encodeURIComponent(upid)}/log?limit=100`)).map(
      (l) => l.t,
    );
    expect(log).toEqual(
      expect.arrayContaining([
        'INFO: prune older backups with retention: keep-last=2',
        'INFO: pruned 1 backup(s) not covered by keep-retention policy',
      ]),
    );
    const bad = await send(0, 'POST', `/nodes/${node}/vzdump`, { vmid: String(vmid), 'prune-backups': 'keep-everything' });
    expect(bad.status).toBe(400);
  });
});

describe('/cluster/backup and not-backed-up', () => {
  it('creates, reads, changes and deletes jobs shared by the members; next-run follows the schedule', async () => {
    const a = vmidsOf(0);
    expect(
      data(
        await send(0, 'POST', '/cluster/backup', {
          id: 'nightly',
          schedule: '21:00',
          storage: 'local',
          vmid: a.join(','),
          mode: 'snapshot',
        }),
      ),
    ).toBeNull();
    const jobs = data<Record<string, unknown>[]>(await send(1, 'GET', '/cluster/backup'));
    expect(jobs).toEqual([
      expect.objectContaining({
        id: 'nightly',
        type: 'vzdump',
        enabled: 1,
        schedule: '21:00',
        storage: 'local',
        vmid: a.join(','),
        'next-run': expect.any(Number),
      }),
    ]);
    const next = jobs[0]!['next-run'] as number;
    expect(new Date(next * 1000).getUTCHours()).toBe(21);
    expect(next - Date.now() / 1000).toBeLessThanOrEqual(86_400);
    const uncovered = data<{ vmid: number; type: string; name: string }[]>(
      await send(2, 'GET', '/cluster/backup-info/not-backed-up'),
    );
    expect(uncovered.map((g) => g.vmid).sort()).toEqual([...vmidsOf(1), ...vmidsOf(2)].sort());
    expect(uncovered[0]).toEqual({
      vmid: expect.any(Number),
      name: expect.any(String),
      type: expect.stringMatching(/^(qemu|lxc)$/),
    });

    expect(data(await send(1, 'PUT', '/cluster/backup/nightly', { all: '1', delete: 'vmid', enabled: '0' }))).toBeNull();
    const changed = data<Record<string, unknown>>(await send(0, 'GET', '/cluster/backup/nightly'));
    expect(changed).toMatchObject({ all: 1, enabled: 0 });
    expect(changed).not.toHaveProperty('vmid');
    expect(changed).not.toHaveProperty('next-run');
    expect(data(await send(0, 'GET', '/cluster/backup-info/not-backed-up'))).toEqual([]);
    const conflict = await send(0, 'POST', '/cluster/backup', { schedule: 'daily', vmid: '100', all: '1' });
    expect(conflict.json).toMatchObject({ errors: { all: "option conflicts with option 'vmid'" } });
    expect(data(await send(0, 'DELETE', '/cluster/backup/nightly'))).toBeNull();
    const gone = await send(0, 'DELETE', '/cluster/backup/nightly');
    expect([gone.status, gone.statusText]).toEqual([500, "job 'nightly' not found"]);
  });
});

describe('extractconfig', () => {
  let fx: Fleet;
  beforeAll(async () => {
    fx = await startFleet(fixtureFleet(), { taskDurationMs: 40 });
  });
  afterAll(() => fx.close());

  it('answers the guest configuration inside a backup (directory and PBS), 500 for an unknown volume', async () => {
    const n = fx.nodes[0]!;
    const h = tokenHeader(n.tokenId, n.tokenSecret);
    const get = (p: string): Promise<RawAnswer> => raw(n.url, { path: `/api2/json${p}`, headers: h });
    const [local] = data<{ volid: string }[]>(await get('/nodes/node1/storage/local/content?content=backup&vmid=102'));
    const text = data<string>(await get(`/nodes/node1/vzdump/extractconfig?volume=${encodeURIComponent(local!.volid)}`));
    expect(text).toMatch(/^agent: 1\nboot: order=scsi0;ide2;net0\ncores: 4\n/);
    expect(text).toContain('\nmemory: 8192\n');
    expect(text).toContain('\nscsi0: local-zfs:vm-102-disk-0,iothread=1,size=64G\n');
    expect(text.endsWith('#qmdump#map:scsi0:drive-scsi0:local-zfs:raw:\n')).toBe(true);
    const [ct] = data<{ volid: string }[]>(await get('/nodes/node1/storage/pbs-store1/content?content=backup&vmid=105'));
    const ctText = data<string>(await get(`/nodes/node1/vzdump/extractconfig?volume=${encodeURIComponent(ct!.volid)}`));
    expect(ctText).toContain('hostname: zort\n');
    expect(ctText).toContain('rootfs: local-zfs:subvol-105-disk-0,size=8G\n');
    const missing = await get(
      `/nodes/node1/vzdump/extractconfig?volume=${encodeURIComponent('local:backup/vzdump-qemu-1-2020_01_01-00_00_00.vma.zst')}`,
    );
    expect(missing.status).toBe(500);
  });
});
