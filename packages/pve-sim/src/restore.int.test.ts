import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { fixtureFleet } from './fixture-fleet';
import { raw, startSlowTask, tokenHeader, waitTask, type RawAnswer } from './test-http';

// Restores, config PUT, destroy and /cluster/nextid over raw HTTPS (qmrestore / vzrestore / qmdestroy).

let fleet: Fleet;
let n: Fleet['nodes'][number];
let t: Record<string, string>;
const api = (path: string): string => `/api2/json${path}`;
const send = (method: string, path: string, form?: Record<string, string | string[]>): Promise<RawAnswer> =>
  raw(n.url, { method, path: api(path), headers: t, ...(form ? { form } : {}) });
const get = async <T>(path: string): Promise<T> => {
  const res = await send('GET', path);
  expect(res.status, `GET ${path}: ${res.statusText}`).toBe(200);
  return (res.json as { data: T }).data;
};
const start = async (method: string, path: string, type: string, form?: Record<string, string | string[]>): Promise<string> => {
  const res = await send(method, path, form);
  expect(res.status, `${method} ${path}: ${res.statusText}`).toBe(200);
  const upid = (res.json as { data: string }).data;
  expect(upid.split(':')[5]).toBe(type);
  return upid;
};
const finish = (upid: string): Promise<Record<string, unknown>> => waitTask(n.url, 'node1', upid, t);
const nextId = async (): Promise<number> => Number(await get<string>('/cluster/nextid'));
const config = (type: string, vmid: number): Promise<Record<string, string | number>> =>
  get(`/nodes/node1/${type}/${vmid}/config`);
const LOCAL_102 = async (): Promise<string> => {
  const items = await get<{ volid: string }[]>('/nodes/node1/storage/local/content?content=backup&vmid=102');
  return items[0]?.volid ?? '';
};
const macOf = (net: unknown): string => /([0-9A-F]{2}(?::[0-9A-F]{2}){5})/i.exec(String(net))?.[1] ?? '';

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  n = fleet.nodes[0]!;
  t = tokenHeader(n.tokenId, n.tokenSecret);
});
afterAll(() => fleet.close());

describe('GET /cluster/nextid', () => {
  it('answers the lowest free vmid as a string; a taken vmid is a parameter error', async () => {
    expect(await get<string>('/cluster/nextid')).toBe('108');
    expect(await get<string>('/cluster/nextid?vmid=150')).toBe('150');
    const taken = await send('GET', '/cluster/nextid?vmid=100');
    expect(taken.status).toBe(400);
    expect(taken.json).toEqual({ data: null, errors: { vmid: 'VM 100 already exists' } });
  });
});

describe('qemu restore', () => {
  it('runs qmrestore under the create lock; unique=1 and a netN without MAC give new MACs, link_down stays', async () => {
    const archive = await LOCAL_102();
    const vmid = await nextId();
    const zfs = fleet.node('node1').storages.get('local-zfs')!;
    const usedBefore = zfs.usedBytes;
    const upid = await startSlowTask(fleet.node('node1'), () =>
      start('POST', '/nodes/node1/qemu', 'qmrestore', {
        vmid: String(vmid),
        archive,
        storage: 'local-zfs',
        unique: '1',
        net0: 'virtio,bridge=vmbr0,link_down=1',
      }),
    );
    expect(upid.split(':')[6]).toBe(String(vmid));
    const listed = (await get<{ vmid: number; lock?: string; status: string }[]>('/nodes/node1/qemu')).find(
      (g) => g.vmid === vmid,
    );
    expect(listed).toMatchObject({ lock: 'create', status: 'stopped' });
    // The vmid is taken while the restore runs: nextid moves on, a second restore to it fails at once.
    expect(await nextId()).toBeGreaterThan(vmid);
    const again = await send('POST', '/nodes/node1/qemu', { vmid: String(vmid), archive });
    expect(again.status).toBe(500);
    expect(again.statusText).toBe(`unable to restore VM ${vmid} - VM ${vmid} already exists on node 'node1'`);

    expect(await finish(upid)).toMatchObject({ exitstatus: 'OK' });
    const cfg = await config('qemu', vmid);
    expect(cfg).not.toHaveProperty('lock');
    expect(cfg['name']).toBe('machine-test');
    expect(cfg['net0']).toMatch(/^virtio=BC:24:11:[0-9A-F:]{8},bridge=vmbr0,link_down=1$/);
    expect(macOf(cfg['net0'])).not.toBe(macOf((await config('qemu', 102))['net0']));
    expect(cfg['scsi0']).toMatch(new RegExp(`^local-zfs:vm-${vmid}-disk-0,`));
    const disk = fleet.node('node1').guest(vmid).diskBytes;
    expect(zfs.usedBytes - usedBefore).toBe(disk);
    const images = await get<{ volid: string; vmid: number }[]>(`/nodes/node1/storage/local-zfs/content?vmid=${vmid}`);
    expect(images.map((i) => i.volid)).toEqual([`local-zfs:vm-${vmid}-disk-0`]);
    const log = await get<{ t: string }[]>(`/nodes/node1/tasks/${encodeURIComponent(upid)}/log`);
    expect(log.map((l) => l.t)).toEqual(expect.arrayContaining([`new volume ID is 'local-zfs:vm-${vmid}-disk-0'`, 'TASK OK']));
  });

  it('refuses an unknown archive, an unknown storage, and a container backup as a VM', async () => {
    const vmid = String(await nextId());
    const missing = await send('POST', '/nodes/node1/qemu', {
      vmid,
      archive: 'local:backup/vzdump-qemu-999-2020_01_01-00_00_00.vma.zst',
    });
    expect([missing.status, missing.statusText]).toEqual([
      500,
      "volume 'local:backup/vzdump-qemu-999-2020_01_01-00_00_00.vma.zst' does not exist",
    ]);
    const noStorage = await send('POST', '/nodes/node1/qemu', { vmid, archive: await LOCAL_102(), storage: 'nope' });
    expect([noStorage.status, noStorage.statusText]).toEqual([500, "storage 'nope' does not exist"]);
    const ct = (await get<{ volid: string }[]>('/nodes/node1/storage/local/content?content=backup&vmid=105'))[0]!.volid;
    const wrong = await send('POST', '/nodes/node1/qemu', { vmid, archive: ct });
    expect(wrong.status).toBe(500);
    expect(wrong.statusText).toBe(`unable to restore VM ${vmid} - archive '${ct}' is a container backup`);
    const badNet = await send('POST', '/nodes/node1/qemu', { vmid, archive: await LOCAL_102(), net0: 'bridge=vmbr0' });
    expect(badNet.status).toBe(400);
    expect((badNet.json as { errors: Record<string, string> }).errors['net0']).toMatch(/net0\.model: property is missing/);
  });

  it('a restore to a storage without room fails in the task and leaves no guest', async () => {
    const vmid = await nextId();
    const zfs = fleet.node('node1').storages.get('local-zfs')!;
    const used = zfs.usedBytes;
    zfs.usedBytes = zfs.spec.totalBytes - 1024;
    try {
      const upid = await start('POST', '/nodes/node1/qemu', 'qmrestore', {
        vmid: String(vmid),
        archive: await LOCAL_102(),
        storage: 'local-zfs',
      });
      expect(String((await finish(upid))['exitstatus'])).toMatch(/not enough free space/);
      expect(fleet.node('node1').guests.has(vmid)).toBe(false);
    } finally {
      zfs.usedBytes = used;
    }
  });

  it('drops link_down from restored NICs while the ignore_link_down quirk is on', async () => {
    const q = await raw(n.url, { method: 'POST', path: '/_sim/quirks', json: { ignore_link_down: true } });
    expect(q.json).toEqual({ ignore_link_down: true });
    try {
      const vmid = await nextId();
      await finish(
        await start('POST', '/nodes/node1/qemu', 'qmrestore', {
          vmid: String(vmid),
          archive: await LOCAL_102(),
          net0: 'virtio,bridge=vmbr0,link_down=1',
        }),
      );
      expect((await config('qemu', vmid))['net0']).not.toMatch(/link_down/);
    } finally {
      await raw(n.url, { method: 'POST', path: '/_sim/quirks', json: { ignore_link_down: false } });
    }
  });
});

describe('config PUT', () => {
  it('is synchronous: a netN without MAC gets a new one, link_down toggles, a stale digest is refused', async () => {
    const vmid = await nextId();
    await finish(
      await start('POST', '/nodes/node1/qemu', 'qmrestore', {
        vmid: String(vmid),
        archive: await LOCAL_102(),
        net0: 'virtio,bridge=vmbr0,link_down=1',
      }),
    );
    const before = await config('qemu', vmid);
    const put = await send('PUT', `/nodes/node1/qemu/${vmid}/config`, {
      net0: 'virtio,bridge=vmbr0,link_down=0',
      net1: 'e1000=AA:BB:CC:DD:EE:01,bridge=vmbr1',
      digest: String(before['digest']),
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ data: null });
    const after = await config('qemu', vmid);
    expect(after['net0']).toMatch(/link_down=0$/);
    expect(macOf(after['net0'])).not.toBe(macOf(before['net0']));
    expect(after['net1']).toBe('e1000=AA:BB:CC:DD:EE:01,bridge=vmbr1');
    expect(after['digest']).not.toBe(before['digest']);
    const stale = await send('PUT', `/nodes/node1/qemu/${vmid}/config`, { name: 'x', digest: String(before['digest']) });
    expect([stale.status, stale.statusText]).toEqual([
      500,
      'detected modified configuration - file changed by other user? Try again.',
    ]);
    await send('PUT', `/nodes/node1/qemu/${vmid}/config`, { delete: 'net1' });
    expect(await config('qemu', vmid)).not.toHaveProperty('net1');
  });
});

describe('destroy', () => {
  it('refuses a running guest, then purges it: gone from lists, storage and backup jobs, its vmid free again', async () => {
    const node = fleet.node('node1');
    const vmid = await nextId();
    const zfs = node.storages.get('local-zfs')!;
    const usedBefore = zfs.usedBytes;
    await finish(
      await start('POST', '/nodes/node1/qemu', 'qmrestore', {
        vmid: String(vmid),
        archive: await LOCAL_102(),
        storage: 'local-zfs',
        start: '1',
      }),
    );
    expect(node.guest(vmid).status).toBe('running');
    node.backupJobs.push(
      { id: 'backup-t1', schedule: 'daily', enabled: true, vmid: `${vmid},100` },
      { id: 'backup-t2', schedule: 'daily', enabled: true, vmid: String(vmid) },
    );
    expect(zfs.usedBytes).toBe(usedBefore + node.guest(vmid).diskBytes);
    const running = await send('DELETE', `/nodes/node1/qemu/${vmid}?purge=1&destroy-unreferenced-disks=1`);
    expect([running.status, running.statusText]).toEqual([500, `VM ${vmid} is running - destroy failed`]);
    await finish(await start('POST', `/nodes/node1/qemu/${vmid}/status/stop`, 'qmstop'));
    const upid = await start('DELETE', `/nodes/node1/qemu/${vmid}?purge=1&destroy-unreferenced-disks=1`, 'qmdestroy');
    expect(await finish(upid)).toMatchObject({ exitstatus: 'OK' });
    expect((await get<{ vmid: number }[]>('/nodes/node1/qemu')).map((g) => g.vmid)).not.toContain(vmid);
    expect(zfs.usedBytes).toBe(usedBefore);
    expect(await get<unknown[]>(`/nodes/node1/storage/local-zfs/content?vmid=${vmid}`)).toEqual([]);
    expect(node.backupJobs.map((j) => [j.id, j.vmid])).toEqual([['backup-t1', '100']]);
    expect(await nextId()).toBeLessThanOrEqual(vmid);
    const gone = await send('GET', `/nodes/node1/qemu/${vmid}/config`);
    expect(gone.statusText).toBe(`Configuration file 'nodes/node1/qemu-server/${vmid}.conf' does not exist`);
  });
});

describe('lxc restore', () => {
  it('restores a PBS container backup with restore=1; its link_down NIC has no address once started', async () => {
    const pbs = await get<{ volid: string }[]>('/nodes/node1/storage/pbs-store1/content?content=backup&vmid=105');
    const vmid = await nextId();
    const upid = await start('POST', '/nodes/node1/lxc', 'vzrestore', {
      vmid: String(vmid),
      ostemplate: pbs[0]!.volid,
      restore: '1',
      unique: '1',
      storage: 'local-zfs',
      net0: 'name=eth0,bridge=vmbr0,ip=dhcp,link_down=1',
    });
    expect(await finish(upid)).toMatchObject({ exitstatus: 'OK' });
    const cfg = await config('lxc', vmid);
    expect(cfg['net0']).toMatch(/^name=eth0,bridge=vmbr0,hwaddr=BC:24:11:[0-9A-F:]{8},ip=dhcp,link_down=1$/);
    expect(cfg['rootfs']).toMatch(new RegExp(`^local-zfs:subvol-${vmid}-disk-0,size=`));
    expect(await get<unknown>(`/nodes/node1/lxc/${vmid}/interfaces`)).toBeNull();
    await finish(await start('POST', `/nodes/node1/lxc/${vmid}/status/start`, 'vzstart'));
    const ifaces = await get<Record<string, string>[]>(`/nodes/node1/lxc/${vmid}/interfaces`);
    expect(ifaces.map((i) => i['name'])).toEqual(['lo', 'eth0']);
    expect(ifaces[1]).toEqual({ name: 'eth0', hwaddr: macOf(cfg['net0']).toLowerCase() });
    const running = await send('DELETE', `/nodes/node1/lxc/${vmid}`);
    expect(running.statusText).toBe(`unable to destroy CT ${vmid} - container is running`);
    const exists = await send('POST', '/nodes/node1/lxc', { vmid: '100', ostemplate: pbs[0]!.volid, restore: '1' });
    expect([exists.status, exists.statusText]).toEqual([500, "VM 100 already exists on node 'node1'"]);
  });
});

describe('storage status and node memory control', () => {
  it('answers a storage entry; an unknown storage is a parameter error', async () => {
    expect(await get('/nodes/node1/storage/local-zfs/status')).toMatchObject({
      storage: 'local-zfs',
      type: 'zfspool',
      active: 1,
      enabled: 1,
    });
    const unknown = await send('GET', '/nodes/node1/storage/nope/status');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ errors: { storage: 'No such storage.' } });
  });

  it('pins a node free memory until unpinned', async () => {
    const pin = await raw(n.url, { method: 'POST', path: '/_sim/nodes/node1/memory', json: { free_bytes: 1024 ** 3 } });
    expect(pin.status).toBe(200);
    expect((await get<{ memory: { free: number } }>('/nodes/node1/status')).memory.free).toBe(1024 ** 3);
    await raw(n.url, { method: 'POST', path: '/_sim/nodes/node1/memory', json: { free_bytes: null } });
    expect((await get<{ memory: { free: number } }>('/nodes/node1/status')).memory.free).toBeGreaterThan(1024 ** 3);
    const bad = await raw(n.url, { method: 'POST', path: '/_sim/nodes/nope/memory', json: { free_bytes: 1 } });
    expect(bad.status).toBe(404);
  });
});
