import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from './fleet';
import { parseFleetSpec } from './fleet-schema';
import { raw, tokenHeader, waitTask, type RawAnswer } from './test-http';
import type { FleetSpec } from './types';

/**
 * Monitoring surface of the simulator: RRD layouts (pve2 on PVE 8, pve-*-9.0 with PSI on PVE 9), storage
 * rrddata, guest agent endpoints, the /_sim control paths (load, fault, agent) and stop-mode backups.
 */
const GiB = 1024 ** 3;
let fleet: Fleet;
type Node = Fleet['nodes'][number];
let n9: Node;
let n8: Node;

function spec(): FleetSpec {
  const r = parseFleetSpec({
    nodes: [
      {
        name: 'pve9',
        pveVersion: '9.0.3',
        storages: [
          { id: 'local', type: 'dir', content: 'backup,iso,vztmpl', totalBytes: '100 GiB', usedBytes: '20 GiB' },
          { id: 'local-zfs', type: 'zfspool', content: 'images,rootdir', totalBytes: '2 TiB', usedBytes: '700 GiB' },
          { id: 'nfs', type: 'nfs', content: 'iso', active: false },
        ],
        guests: [
          { vmid: 100, name: 'web-01', memoryBytes: '8 GiB', memUsage: 0.6, load: 0.1 },
          { vmid: 101, name: 'db-01', agentRunning: false },
          { vmid: 102, name: 'legacy-01', agent: false },
          { vmid: 103, name: 'off-01', status: 'stopped' },
          { vmid: 104, name: 'ct-01', ostype: 'debian' },
          { vmid: 105, name: 'win-01', ostype: 'win11' },
        ],
      },
      { name: 'pve8', pveVersion: '8.2.4', guests: [{ vmid: 200, name: 'app-01', memoryBytes: '4 GiB' }] },
    ],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.spec;
}

const api = (n: Node, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> =>
  raw(n.url, {
    method: init.method ?? 'GET',
    path: `/api2/json${path}`,
    headers: init.headers ?? tokenHeader(n.tokenId, n.tokenSecret),
  });
const data = <T>(res: RawAnswer): T => {
  expect(res.status, `${res.status} ${res.statusText} ${res.text}`).toBe(200);
  return (res.json as { data: T }).data;
};
const control = (n: Node, method: string, path: string, json?: unknown): Promise<RawAnswer> =>
  raw(n.url, { method, path, ...(json !== undefined ? { json } : {}) });

beforeAll(async () => {
  fleet = await startFleet(spec(), { taskDurationMs: 300 });
  [n9, n8] = fleet.nodes as [Node, Node];
});
afterAll(() => fleet.close());

describe('RRD layouts', () => {
  it('PVE 9: pve-*-9.0 steps and rows, PSI, memhost, memavailable, arcsize; PVE 8 keeps pve2', async () => {
    const expected: [string, number, number][] = [
      ['hour', 60, 60],
      ['day', 60, 1440],
      ['week', 1800, 336],
      ['month', 1800, 1440],
      ['year', 21600, 1440],
    ];
    for (const [tf, step, rows] of expected) {
      const vm = data<Record<string, number>[]>(await api(n9, `/nodes/pve9/qemu/100/rrddata?timeframe=${tf}`));
      expect(vm, tf).toHaveLength(rows);
      expect((vm[1]?.time ?? 0) - (vm[0]?.time ?? 0)).toBe(step);
      expect(Date.now() / 1000 - (vm.at(-1)?.time ?? 0)).toBeLessThan(2 * step + 5);
    }
    const decade = data<{ time: number }[]>(await api(n9, '/nodes/pve9/rrddata?timeframe=decade'));
    expect(decade).toHaveLength(570);
    expect((decade[1]?.time ?? 0) - (decade[0]?.time ?? 0)).toBe(604_800);

    const [row] = data<Record<string, number>[]>(await api(n9, '/nodes/pve9/qemu/100/rrddata?timeframe=hour')).slice(-1);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'time',
        'cpu',
        'maxcpu',
        'mem',
        'maxmem',
        'disk',
        'maxdisk',
        'netin',
        'netout',
        'diskread',
        'diskwrite',
        'memhost',
        'pressurecpusome',
        'pressurecpufull',
        'pressureiosome',
        'pressureiofull',
        'pressurememorysome',
        'pressurememoryfull',
      ].sort(),
    );
    // Containers have no memhost; a stopped guest's rows only have time, maxcpu, maxmem, maxdisk, disk.
    const ct = data<Record<string, number>[]>(await api(n9, '/nodes/pve9/lxc/104/rrddata?timeframe=hour'));
    expect(ct.at(-1)).toHaveProperty('pressurecpusome');
    expect(ct.at(-1)).not.toHaveProperty('memhost');
    const off = data<Record<string, number>[]>(await api(n9, '/nodes/pve9/qemu/103/rrddata?timeframe=hour'));
    expect(off.every((r) => Object.keys(r).sort().join() === 'disk,maxcpu,maxdisk,maxmem,time')).toBe(true);

    const node = data<Record<string, number>[]>(await api(n9, '/nodes/pve9/rrddata?timeframe=hour')).at(-1) ?? {};
    expect(node['memavailable']).toBe((node['memtotal'] ?? 0) - (node['memused'] ?? 0));
    expect(node['arcsize']).toBeGreaterThan(0); // local-zfs
    for (const k of ['pressurecpusome', 'pressureiosome', 'pressureiofull', 'pressurememorysome', 'pressurememoryfull'])
      expect(node[k], k).toBeGreaterThanOrEqual(0);
    expect(node).not.toHaveProperty('pressurecpufull');

    const old = data<Record<string, number>[]>(await api(n8, '/nodes/pve8/qemu/200/rrddata?timeframe=day'));
    expect(old).toHaveLength(70);
    expect((old[1]?.time ?? 0) - (old[0]?.time ?? 0)).toBe(1800);
    expect(Object.keys(old.at(-1) ?? {}).some((k) => k.startsWith('pressure') || k === 'memhost')).toBe(false);
    const bad = await api(n8, '/nodes/pve8/rrddata?timeframe=decade');
    expect(bad.status).toBe(400);
    expect((bad.json as { errors: Record<string, string> }).errors['timeframe']).toContain("value 'decade'");
  });

  it('storage rrddata: total/used ending at what /cluster/resources shows; an inactive storage has no samples', async () => {
    const rows = data<{ time: number; total?: number; used?: number }[]>(
      await api(n9, '/nodes/pve9/storage/local-zfs/rrddata?timeframe=month&cf=MAX'),
    );
    expect(rows).toHaveLength(1440);
    const res = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=storage'));
    const zfs = res.find((r) => r['storage'] === 'local-zfs') ?? {};
    const last = rows.at(-1) ?? { time: 0 };
    expect(last.total).toBe(zfs['maxdisk']);
    expect(Math.abs((last.used ?? 0) - (zfs['disk'] as number)) / (zfs['maxdisk'] as number)).toBeLessThan(0.001);
    expect(rows[0]?.used ?? 0).toBeLessThan(last.used ?? 0);
    const nfs = data<Record<string, number>[]>(await api(n9, '/nodes/pve9/storage/nfs/rrddata?timeframe=hour'));
    expect(nfs.every((r) => Object.keys(r).join() === 'time')).toBe(true);
    expect((await api(n9, '/nodes/pve9/storage/nope/rrddata?timeframe=hour')).status).toBe(500);
  });

  it('PVE 9 lists: memhost and pressure in the qemu/lxc lists, memhost in /cluster/resources', async () => {
    const qemu = data<Record<string, unknown>[]>(await api(n9, '/nodes/pve9/qemu'));
    const vm = qemu.find((g) => g['vmid'] === 100) ?? {};
    expect(vm['memhost']).toEqual(expect.any(Number));
    expect(vm['pressurecpusome']).toEqual(expect.any(Number));
    expect(qemu.find((g) => g['vmid'] === 103)).not.toHaveProperty('pressurecpusome');
    const lxc = data<Record<string, unknown>[]>(await api(n9, '/nodes/pve9/lxc'));
    expect(lxc[0]).toHaveProperty('pressureiosome');
    const res = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=vm'));
    expect(res.find((r) => r['vmid'] === 100)?.['memhost']).toBeGreaterThan(0);
    expect(res.find((r) => r['vmid'] === 103)?.['memhost']).toBe(0);
    expect(res.find((r) => r['vmid'] === 100)).not.toHaveProperty('pressurecpusome');
    const res8 = data<Record<string, unknown>[]>(await api(n8, '/cluster/resources?type=vm'));
    expect(res8[0]).not.toHaveProperty('memhost');
  });
});

describe('control path: load profiles', () => {
  it('a CPU and memory profile drives live values and the hour RRD; DELETE ends it and the spike stays in MAX', async () => {
    const set = await control(n9, 'POST', '/_sim/guests/100/load', { cpu: 0.95, mem_bytes: 7 * GiB, duration_seconds: 180 });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ vmid: 100, node: 'pve9', load: { cpu: 0.95, mem_bytes: 7 * GiB } });
    const live = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=vm')).find((r) => r['vmid'] === 100);
    expect(live?.['cpu']).toBe(0.95);
    expect(live?.['mem']).toBe(7 * GiB);
    const status = data<Record<string, number>>(await api(n9, '/nodes/pve9/qemu/100/status/current'));
    expect(status['cpu']).toBe(0.95);

    // A spike earlier in the hour (as if it ran 20 minutes ago for 3 minutes) shows in MAX, and its share in AVERAGE.
    const now = Math.floor(Date.now() / 1000);
    await control(n9, 'POST', '/_sim/guests/102/load', { cpu: 0.9, duration_seconds: 180, start: now - 1200 });
    const max = data<{ time: number; cpu?: number }[]>(await api(n9, '/nodes/pve9/qemu/102/rrddata?timeframe=hour&cf=MAX'));
    const spiked = max.filter((r) => (r.cpu ?? 0) >= 0.9);
    expect(spiked.length).toBeGreaterThanOrEqual(3);
    expect(spiked.length).toBeLessThanOrEqual(4);
    // In a 30-minute row (week): two hours ago, so the row is complete whatever the time now, and a minute into
    // its row, so the 3 minutes fall in one row (not shared between two).
    const rowStart = Math.floor((now - 7200) / 1800) * 1800;
    await control(n9, 'POST', '/_sim/guests/101/load', { cpu: 0.9, duration_seconds: 180, start: rowStart + 60 });
    const week = data<{ cpu?: number }[]>(await api(n9, '/nodes/pve9/qemu/101/rrddata?timeframe=week&cf=MAX'));
    expect(Math.max(...week.map((r) => r.cpu ?? 0))).toBeGreaterThanOrEqual(0.9);
    const weekAvg = data<{ cpu?: number }[]>(await api(n9, '/nodes/pve9/qemu/101/rrddata?timeframe=week'));
    const share = Math.max(...weekAvg.slice(-6).map((r) => r.cpu ?? 0));
    // 3 of the row's 30 minutes at 90 %: at least 0.09, plus the rest of the row's own load.
    expect(share).toBeGreaterThanOrEqual(0.09 - 1e-9);
    expect(share).toBeLessThan(0.3);

    const del = await control(n9, 'DELETE', '/_sim/guests/100/load');
    expect(del.json).toMatchObject({ vmid: 100, load: null });
    const after = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=vm')).find((r) => r['vmid'] === 100);
    expect(after?.['cpu']).toBeLessThan(0.9);
  });

  it('answers 400 for a bad body, 404 for an unknown guest, and works through any node of the fleet', async () => {
    expect((await control(n9, 'POST', '/_sim/guests/100/load', { cpu: 2 })).status).toBe(400);
    expect((await control(n9, 'POST', '/_sim/guests/100/load', {})).status).toBe(400);
    expect((await control(n9, 'POST', '/_sim/guests/999/load', { cpu: 0.5 })).status).toBe(404);
    const viaOther = await control(n8, 'POST', '/_sim/guests/100/load', { cpu: 0.5, duration_seconds: 1 });
    expect(viaOther.json).toMatchObject({ node: 'pve9', load: { cpu: 0.5 } });
  });
});

describe('control path: node faults', () => {
  it('down resets connections (clearable from another node), error answers 500, slow delays; duration ends it', async () => {
    const down = await control(n9, 'POST', '/_sim/nodes/pve9/fault', { kind: 'down' });
    expect(down.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    await expect(api(n9, '/version')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect((await control(n8, 'DELETE', '/_sim/nodes/pve9/fault')).status).toBe(200);
    expect((await api(n9, '/version')).status).toBe(200);

    await control(n9, 'POST', '/_sim/nodes/pve9/fault', { kind: 'error' });
    const err = await api(n9, '/version');
    expect(err.status).toBe(500);
    await control(n9, 'POST', '/_sim/nodes/pve9/fault', { kind: 'slow', latency_ms: 400, duration_seconds: 1.5 });
    const t = performance.now();
    expect((await api(n9, '/version')).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(390);
    await new Promise((r) => setTimeout(r, 1700));
    const t2 = performance.now();
    await api(n9, '/version');
    expect(performance.now() - t2).toBeLessThan(300);
    expect((await control(n9, 'POST', '/_sim/nodes/nope/fault', { kind: 'down' })).status).toBe(404);
    expect((await control(n9, 'POST', '/_sim/nodes/pve9/fault', { kind: 'melt' })).status).toBe(400);
  });
});

describe('guest agent', () => {
  it('ping, file-read of /proc/meminfo (MemAvailable well below mem) and network-get-interfaces', async () => {
    const t = tokenHeader(n9.tokenId, n9.tokenSecret);
    expect(data(await api(n9, '/nodes/pve9/qemu/100/agent/ping', { method: 'POST', headers: t }))).toEqual({ result: {} });
    expect((await api(n9, '/nodes/pve9/qemu/100/agent/ping')).status).toBe(501);
    const file = data<{ content: string; 'bytes-read': number }>(
      await api(n9, `/nodes/pve9/qemu/100/agent/file-read?file=${encodeURIComponent('/proc/meminfo')}`),
    );
    const kb = (k: string): number => Number(new RegExp(`^${k}:\\s+(\\d+) kB$`, 'm').exec(file.content)?.[1]) * 1024;
    const mem = data<{ mem: number; maxmem: number }>(await api(n9, '/nodes/pve9/qemu/100/status/current')).mem;
    expect(kb('MemTotal')).toBeLessThan(8 * GiB);
    expect(kb('MemTotal') - kb('MemAvailable')).toBeLessThan(mem * 0.75);
    expect(kb('MemFree')).toBeLessThan(kb('MemAvailable'));
    expect(file.content).toMatch(/^HugePages_Total:\s+0$/m);
    expect(file['bytes-read']).toBe(Buffer.byteLength(file.content));
    const nics = data<{ result: { name: string; 'hardware-address': string }[] }>(
      await api(n9, '/nodes/pve9/qemu/100/agent/network-get-interfaces'),
    );
    expect(nics.result.map((i) => i.name)).toEqual(['lo', 'ens18']);
    const missing = await api(n9, '/nodes/pve9/qemu/100/agent/file-read?file=/nope');
    expect(missing.status).toBe(500);
    expect(missing.statusText).toBe("Agent error: failed to open file '/nope': No such file or directory");
  });

  it('real errors: not configured, not running, VM stopped; containers have no agent paths', async () => {
    const reason = async (path: string): Promise<string> => {
      const res = await api(n9, path, { method: 'POST' });
      expect(res.status).toBe(500);
      return res.statusText;
    };
    expect(await reason('/nodes/pve9/qemu/102/agent/ping')).toBe('No QEMU guest agent configured');
    expect(await reason('/nodes/pve9/qemu/101/agent/ping')).toBe('QEMU guest agent is not running');
    expect(await reason('/nodes/pve9/qemu/103/agent/ping')).toBe('VM 103 is not running');
    expect((await api(n9, '/nodes/pve9/lxc/104/agent/ping', { method: 'POST' })).status).toBe(501);
    // The control path switches the agent on and pins MemAvailable.
    const set = await control(n9, 'POST', '/_sim/guests/101/agent', {
      configured: true,
      running: true,
      mem_available_bytes: GiB,
    });
    expect(set.json).toMatchObject({ agent: { configured: true, running: true, mem_available_bytes: GiB } });
    const file = data<{ content: string }>(await api(n9, '/nodes/pve9/qemu/101/agent/file-read?file=/proc/meminfo'));
    expect(file.content).toMatch(/^MemAvailable:\s+1048576 kB$/m);
    expect((await control(n9, 'POST', '/_sim/guests/104/agent', { configured: true, running: true })).status).toBe(400);
  });

  it('privileges: VM.Monitor on PVE 8, VM.GuestAgent.* on PVE 9 (the audit-only token may ping on 9, not read files)', async () => {
    const ro9 = tokenHeader(n9.readonlyTokenId, n9.readonlyTokenSecret);
    expect((await api(n9, '/nodes/pve9/qemu/100/agent/ping', { method: 'POST', headers: ro9 })).status).toBe(200);
    const read = await api(n9, '/nodes/pve9/qemu/100/agent/file-read?file=/proc/meminfo', { headers: ro9 });
    expect(read.status).toBe(403);
    expect(read.statusText).toBe('Permission check failed (/vms/100, VM.GuestAgent.FileRead|VM.GuestAgent.Unrestricted)');
    const ro8 = tokenHeader(n8.readonlyTokenId, n8.readonlyTokenSecret);
    const ping8 = await api(n8, '/nodes/pve8/qemu/200/agent/ping', { method: 'POST', headers: ro8 });
    expect(ping8.statusText).toBe('Permission check failed (/vms/200, VM.Monitor)');
    expect((await api(n8, '/nodes/pve8/qemu/200/agent/file-read?file=/proc/meminfo')).status).toBe(200);
  });
});

describe('vzdump mode=stop', () => {
  it('stops the running guest under a backup lock, then starts it again; the log says so', async () => {
    const t = tokenHeader(n9.tokenId, n9.tokenSecret);
    fleet.holdTasks();
    const res = await raw(n9.url, {
      method: 'POST',
      path: '/api2/json/nodes/pve9/vzdump',
      headers: t,
      form: { vmid: '105', mode: 'stop', storage: 'local' },
    });
    const upid = data<string>(res);
    const during = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=vm')).find((r) => r['vmid'] === 105);
    fleet.releaseTasks();
    expect(during).toMatchObject({ status: 'stopped', lock: 'backup' });
    expect(await waitTask(n9.url, 'pve9', upid, t)).toMatchObject({ exitstatus: 'OK' });
    const after = data<Record<string, unknown>[]>(await api(n9, '/cluster/resources?type=vm')).find((r) => r['vmid'] === 105);
    expect(after?.['status']).toBe('running');
    expect(after).not.toHaveProperty('lock');
    const log = data<{ t: string }[]>(await api(n9, `/nodes/pve9/tasks/${encodeURIComponent(upid)}/log`)).map((l) => l.t);
    for (const line of [
      'INFO: status = running',
      'INFO: backup mode: stop',
      'INFO: stopping virtual guest',
      'INFO: restarting vm',
    ])
      expect(log).toContain(line);
    expect(log.some((l) => /^INFO: guest is online again after \d+ seconds$/.test(l))).toBe(true);
  });
});

describe('control path: a dead cluster member', () => {
  it('down: the member resets connections, its peers show it offline and its guests unknown', async () => {
    const r = parseFleetSpec({
      nodes: [
        { name: 'a', guests: [{ vmid: 300, name: 'a-01' }] },
        { name: 'b', guests: [{ vmid: 301, name: 'b-01' }] },
        { name: 'c', guests: [] },
      ],
      clusters: [{ name: 'prod', nodes: ['a', 'b', 'c'] }],
    });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const cl = await startFleet(r.spec);
    try {
      const [a, b] = cl.nodes as [Node, Node];
      expect((await control(a, 'POST', '/_sim/nodes/b/fault', { kind: 'down' })).status).toBe(200);
      await expect(api(b, '/version')).rejects.toMatchObject({ code: 'ECONNRESET' });
      const res = data<Record<string, unknown>[]>(await api(a, '/cluster/resources'));
      expect(res.find((x) => x['id'] === 'node/b')).toMatchObject({ status: 'offline' });
      expect(res.find((x) => x['vmid'] === 301)).toEqual({
        id: 'qemu/301',
        vmid: 301,
        node: 'b',
        type: 'qemu',
        status: 'unknown',
      });
      expect(res.find((x) => x['vmid'] === 300)).toMatchObject({ status: 'running' });
      // The load of a guest on the dead member can still be arranged through a peer.
      expect((await control(a, 'POST', '/_sim/guests/301/load', { cpu: 0.2 })).json).toMatchObject({ node: 'b' });
      await control(a, 'DELETE', '/_sim/nodes/b/fault');
      expect(
        data<Record<string, unknown>[]>(await api(a, '/cluster/resources?type=node')).every((x) => x['status'] === 'online'),
      ).toBe(true);
    } finally {
      await cl.close();
    }
  });
});
