import { isTaskOk, parseUpid, PveClient, type PveAuth } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { fixtureFleet } from '../fixture-fleet';
import { rejection } from './rejection';

// Every PveClient function against the simulator over HTTPS, with both auth modes.

const poll = { pollMs: 20, timeoutMs: 5_000 };

describe.each(['password', 'token'] as const)('PveClient with %s auth', (mode) => {
  let fleet: Fleet;
  let c: PveClient;
  const node = 'node1';

  beforeAll(async () => {
    fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
    const n = fleet.nodes[0]!;
    const auth: PveAuth =
      mode === 'password'
        ? { kind: 'password', username: 'root@pam', password: n.password }
        : { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret };
    c = new PveClient({ baseUrl: n.url, auth, fingerprint: n.fingerprint, retries: 0 });
    await c.login();
  });
  afterAll(async () => {
    await c.close();
    await fleet.close();
  });

  it('reads version, nodes, node status, cluster status and resources', async () => {
    expect(await c.version()).toEqual({ version: '8.2.4', release: '8.2', repoid: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const nodes = await c.nodes();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ node, status: 'online', ssl_fingerprint: fleet.nodes[0]!.fingerprint });
    const st = await c.nodeStatus(node);
    expect(st.pveversion).toMatch(/^pve-manager\/8\.2\.4\//);
    expect(st.loadavg.every((l) => typeof l === 'string')).toBe(true);
    expect(await c.clusterStatus()).toEqual([expect.objectContaining({ type: 'node', name: node, local: 1, nodeid: 0 })]);
    const vms = await c.clusterResources('vm');
    expect(vms.map((r) => r.id)).toContain('lxc/105');
    expect(vms.every((r) => r.type === 'qemu' || r.type === 'lxc')).toBe(true);
    expect((await c.clusterResources()).map((r) => r.type)).toEqual(expect.arrayContaining(['qemu', 'lxc', 'node', 'storage']));
  });

  it('lists guests and reads their status and config', async () => {
    const q = await c.qemuList(node);
    expect(q.map((g) => g.vmid).sort()).toEqual([100, 101, 102, 103, 104, 200]);
    const l = await c.lxcList(node);
    expect(l.map((g) => g.vmid).sort()).toEqual([105, 106, 107]);
    expect((await c.guestStatus(node, 'qemu', 103)).qmpstatus).toBe('running');
    expect(await c.guestStatus(node, 'lxc', 107)).toMatchObject({ status: 'stopped', template: 1 });
    expect(await c.guestConfig(node, 'qemu', 103)).toMatchObject({ name: 'docker-host', cores: 4, tags: 'docker;prod' });
    expect(await c.guestConfig(node, 'lxc', 105)).toMatchObject({ hostname: 'zort', ostype: 'debian' });
  });

  it('normalises LXC vmids of PVE 7.4 to numbers', async () => {
    const n3 = fleet.nodes[2]!;
    const old = new PveClient({
      baseUrl: n3.url,
      auth: { kind: 'token', tokenId: n3.tokenId, secret: n3.tokenSecret },
      fingerprint: n3.fingerprint,
    });
    try {
      const raw = await old.get<{ vmid: unknown }[]>('/nodes/node3/lxc');
      expect(typeof raw[0]?.vmid).toBe('string');
      expect((await old.lxcList('node3')).map((g) => g.vmid)).toEqual([401]);
    } finally {
      await old.close();
    }
  });

  it('reads storages, their content and backups', async () => {
    const list = await c.storageList(node);
    expect(list.map((s) => s.storage)).toEqual(expect.arrayContaining(['local', 'local-zfs', 'pbs-store1', 'nfs-iso']));
    expect(list.find((s) => s.storage === 'nfs-iso')).not.toHaveProperty('total');
    expect((await c.storageList(node, { content: 'backup' })).map((s) => s.storage).sort()).toEqual(['local', 'pbs-store1']);
    const iso = await c.storageContent(node, 'local', { content: 'iso' });
    expect(iso[0]?.volid).toMatch(/^local:iso\//);
    const local = await c.backups(node, 'local', { vmid: 102 });
    expect(local).toHaveLength(2);
    expect(local.some((b) => b.protected === 1)).toBe(true);
    const pbs = await c.backups(node, 'pbs-store1');
    expect(pbs.find((b) => b.vmid === 102 && b.verification)?.verification?.state).toBe('ok');
    expect(pbs.every((b) => b.format === 'pbs-vm' || b.format === 'pbs-ct')).toBe(true);
  });

  it('reads node and guest RRD series', async () => {
    const nr = await c.nodeRrd(node, 'hour');
    expect(nr).toHaveLength(70);
    expect(nr[0]).toHaveProperty('memtotal');
    const gr = await c.guestRrd(node, 'qemu', 103, 'week', 'MAX');
    expect(gr).toHaveLength(70);
    expect(gr.at(-1)?.cpu).toBeGreaterThan(0);
    const stopped = await c.guestRrd(node, 'qemu', 200, 'hour');
    expect(stopped.every((r) => r.cpu === undefined)).toBe(true);
  });

  it('runs a guest action, waits for the task, reads its status, log and the task list', async () => {
    const upid = await c.guestAction(node, 'qemu', 200, 'start');
    const parsed = parseUpid(upid);
    expect(parsed).toMatchObject({ product: 'pve', node, type: 'qmstart', id: '200' });
    expect((await c.taskStatus(node, upid)).status).toBe('running');
    const done = await c.waitForTask(node, upid, poll);
    expect(isTaskOk(done)).toBe(true);
    expect((await c.guestStatus(node, 'qemu', 200)).status).toBe('running');
    expect((await c.taskLog(node, upid)).lines.at(-1)?.t).toBe('TASK OK');
    const page = await c.tasks(node, { limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.upid).toBe(upid);
    expect(page.total).toBe(2);
    if (mode === 'token') expect(page.items[0]).toMatchObject({ user: 'root@pam', tokenid: 'portal' });
    expect((await c.tasks(node, { vmid: 200, typefilter: 'qmstart' })).items.every((t) => t.id === '200')).toBe(true);
  });

  it('reports invalid transitions the way PVE does', async () => {
    const upid = await c.guestAction(node, 'qemu', 103, 'start');
    const done = await c.waitForTask(node, upid, poll);
    expect(isTaskOk(done)).toBe(false);
    expect(done.exitstatus).toBe('VM 103 already running');
    const sync = await rejection(c.guestAction(node, 'qemu', 102, 'reboot'));
    expect(sync).toMatchObject({ kind: 'api-error', status: 500, serverMessage: 'VM 102 not running' });
    const ct = await rejection(c.guestAction(node, 'lxc', 106, 'start'));
    expect(ct.serverMessage).toBe('CT 106 already running');
  });

  it('maps not-found, parameter and proxy errors', async () => {
    const missing = await rejection(c.guestStatus(node, 'qemu', 999));
    expect(missing).toMatchObject({
      kind: 'not-found',
      status: 500,
      serverMessage: "Configuration file 'nodes/node1/qemu-server/999.conf' does not exist",
    });
    expect((await rejection(c.get('/nodes/node1/bogus'))).kind).toBe('not-found');
    expect((await rejection(c.nodeStatus('other'))).kind).toBe('not-found');
    const params = await rejection(c.get('/nodes/node1/qemu/100/rrddata'));
    expect(params).toMatchObject({
      kind: 'api-error',
      status: 400,
      errors: { timeframe: 'property is missing and it is not optional' },
    });
    expect(params.message).toContain('timeframe: property is missing');
    const proxied = await rejection(c.nodeStatus('NODE1'));
    expect(proxied).toMatchObject({ kind: 'unreachable', status: 596 });
  });

  it('starts a backup and sees the new volume', async () => {
    const before = (await c.backups(node, 'local', { vmid: 105 })).length;
    const upid = await c.vzdump(node, { vmid: 105, storage: 'local', mode: 'snapshot', compress: 'zstd', protected: true });
    expect(parseUpid(upid)?.type).toBe('vzdump');
    expect(isTaskOk(await c.waitForTask(node, upid, poll))).toBe(true);
    const after = await c.backups(node, 'local', { vmid: 105 });
    expect(after).toHaveLength(before + 1);
    expect(after.some((b) => b.format === 'tar.zst' && b.protected === 1)).toBe(true);
    const all = await c.vzdump(node, { vmid: [100, 103], storage: 'pbs-store1' });
    expect(parseUpid(all)?.id).toBe('');
    expect(isTaskOk(await c.waitForTask(node, all, poll))).toBe(true);
    expect((await c.backups(node, 'pbs-store1', { vmid: 103 })).length).toBeGreaterThan(0);
  });

  it('lists and creates snapshots', async () => {
    const before = await c.snapshots(node, 'qemu', 102);
    expect(before.at(-1)).toMatchObject({ name: 'current', description: 'You are here!' });
    const upid = await c.createSnapshot(node, 'qemu', 102, { snapname: `s-${mode}`, description: 'by the client' });
    expect(isTaskOk(await c.waitForTask(node, upid, poll))).toBe(true);
    const after = await c.snapshots(node, 'qemu', 102);
    expect(after.map((s) => s.name)).toContain(`s-${mode}`);
    expect(after.at(-1)?.parent).toBe(`s-${mode}`);
  });

  it('rolls back and deletes snapshots; a locked guest fails the task', async () => {
    const vm = mode === 'password' ? 200 : 104;
    const snap = `rb-${mode}`;
    expect(isTaskOk(await c.waitForTask(node, await c.createSnapshot(node, 'qemu', vm, { snapname: snap }), poll))).toBe(true);
    const rollback = await c.rollbackSnapshot(node, 'qemu', vm, snap, { start: true });
    expect(parseUpid(rollback)).toMatchObject({ type: 'qmrollback', id: String(vm) });
    expect(isTaskOk(await c.waitForTask(node, rollback, poll))).toBe(true);
    expect((await c.guestStatus(node, 'qemu', vm)).status).toBe('running');
    fleet.setGuestLock(node, vm, 'backup');
    expect((await c.guestStatus(node, 'qemu', vm)).lock).toBe('backup');
    expect((await c.qemuList(node)).find((g) => g.vmid === vm)?.lock).toBe('backup');
    const locked = await c.waitForTask(node, await c.deleteSnapshot(node, 'qemu', vm, snap), poll);
    expect(locked.exitstatus).toBe('VM is locked (backup)');
    fleet.setGuestLock(node, vm, null);
    const del = await c.deleteSnapshot(node, 'qemu', vm, snap);
    expect(parseUpid(del)?.type).toBe('qmdelsnapshot');
    expect(isTaskOk(await c.waitForTask(node, del, poll))).toBe(true);
    expect((await c.snapshots(node, 'qemu', vm)).map((s) => s.name)).toEqual(['current']);
    const lxc = await c.rollbackSnapshot(node, 'lxc', 105, 'nope');
    expect(parseUpid(lxc)?.type).toBe('vzrollback');
    expect((await c.waitForTask(node, lxc, poll)).exitstatus).toBe("snapshot 'nope' does not exist");
  });

  it('reads pending updates and versions, refreshes the list', async () => {
    const pending = await c.aptUpdates(node);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending[0]).toHaveProperty('OldVersion');
    const versions = await c.aptVersions(node);
    expect(versions.find((v) => v.Package === 'proxmox-ve')?.RunningKernel).toMatch(/-pve$/);
    fleet.node(node).aptAvailable = pending.slice(0, 1);
    const upid = await c.aptRefresh(node);
    expect(parseUpid(upid)?.type).toBe('aptupdate');
    await c.waitForTask(node, upid, poll);
    expect((await c.aptUpdates(node)).map((p) => p.Package)).toEqual([pending[0]?.Package]);
  });

  it('has get/post/put/delete escape hatches', async () => {
    expect(await c.get('/nodes/node1/qemu/103/status/current')).toMatchObject({ vmid: 103 });
    const upid = await c.post<string>('/nodes/node1/qemu/200/status/stop', { timeout: 5 });
    expect(parseUpid(upid)?.type).toBe('qmstop');
    // DELETE sends its parameters in the query string (a body would be refused with 501).
    const del = await c.delete<string>('/nodes/node1/lxc/106/snapshot/nope', { force: true });
    expect((await c.waitForTask(node, del, poll)).exitstatus).toBe("snapshot 'nope' does not exist");
    // PUT sends a form body; an unknown path's answer names the method that arrived.
    expect(await c.put('/nodes/node1/qemu/103/config', { description: 'edited' })).toBeNull();
    expect(await c.guestConfig(node, 'qemu', 103)).toMatchObject({ description: 'edited' });
    expect(await rejection(c.put('/nodes/node1/qemu/103/status/current', { cores: 2 }))).toMatchObject({
      kind: 'not-found',
      status: 501,
      serverMessage: "Method 'PUT /nodes/node1/qemu/103/status/current' not implemented",
    });
  });

  it('sends arrays as repeated keys: a *-list parameter takes them, a scalar one refuses them', async () => {
    const upid = await c.vzdump(node, { vmid: [105, 106], storage: 'local' });
    expect(isTaskOk(await c.waitForTask(node, upid, poll))).toBe(true);
    expect(await rejection(c.post('/nodes/node1/qemu/103/snapshot', { snapname: ['a1', 'b1'] }))).toMatchObject({
      kind: 'api-error',
      status: 400,
      errors: { snapname: "type check ('string') failed - got ARRAY" },
    });
  });
});

describe('PveClient permissions and credentials', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
  });
  afterAll(() => fleet.close());
  /** A client of node1 with its full (portal) or audit-only (monitor) token. */
  const tokenClient = (which: 'full' | 'readonly'): PveClient => {
    const n = fleet.nodes[0]!;
    const [tokenId, secret] = which === 'full' ? [n.tokenId, n.tokenSecret] : [n.readonlyTokenId, n.readonlyTokenSecret];
    return new PveClient({ baseUrl: n.url, auth: { kind: 'token', tokenId, secret }, fingerprint: n.fingerprint });
  };

  it('forbidden for a token without the privilege, reads still work', async () => {
    const ro = tokenClient('readonly');
    try {
      expect((await ro.qemuList('node1')).length).toBeGreaterThan(0);
      const err = await rejection(ro.guestAction('node1', 'qemu', 100, 'stop'));
      expect(err).toMatchObject({
        kind: 'forbidden',
        status: 403,
        serverMessage: 'Permission check failed (/vms/100, VM.PowerMgmt)',
      });
    } finally {
      await ro.close();
    }
  });

  it('an audit-only token may not list pending updates (forbidden) but reads the package versions', async () => {
    const ro = tokenClient('readonly');
    try {
      expect(await rejection(ro.aptUpdates('node1'))).toMatchObject({
        kind: 'forbidden',
        status: 403,
        serverMessage: 'Permission check failed (/nodes/node1, Sys.Modify)',
      });
      const versions = await ro.aptVersions('node1');
      const pending = fleet.node('node1').aptCache.map((p) => p.Package);
      const outdated = versions.filter((v) => v.CurrentState === 'Installed' && v.Version !== v.OldVersion);
      expect(outdated.length).toBeGreaterThan(0);
      for (const v of outdated) expect(pending).toContain(v.Package);
    } finally {
      await ro.close();
    }
  });

  it('reads effective permissions: full for the portal token, audit-only for the read-only one', async () => {
    const full = tokenClient('full');
    const ro = tokenClient('readonly');
    try {
      expect((await full.permissions())['/vms']).toMatchObject({ 'VM.Snapshot': 1, 'VM.PowerMgmt': 1 });
      const mine = await ro.permissions({ path: '/vms/100' });
      expect(Object.keys(mine)).toEqual(['/vms/100']);
      expect(mine['/vms/100']).toHaveProperty(['VM.Audit'], 1);
      expect(mine['/vms/100']).not.toHaveProperty(['VM.Snapshot']);
      expect(await full.permissions({ userid: 'root@pam!monitor', path: '/' })).toEqual({ '/': mine['/vms/100'] });
    } finally {
      await Promise.all([full.close(), ro.close()]);
    }
  });

  it('auth-failed for a wrong password and a wrong token, with the server reason', async () => {
    const n = fleet.nodes[0]!;
    const bad = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'password', username: 'root@pam', password: 'nope' },
      fingerprint: n.fingerprint,
    });
    expect(await rejection(bad.login())).toMatchObject({
      kind: 'auth-failed',
      status: 401,
      serverMessage: 'authentication failure',
    });
    const badToken = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: 'nope' },
      fingerprint: n.fingerprint,
    });
    expect(await rejection(badToken.version())).toMatchObject({ kind: 'auth-failed', serverMessage: 'invalid token value!' });
    expect(await rejection(badToken.login())).toMatchObject({ kind: 'auth-failed' });
    await Promise.all([bad.close(), badToken.close()]);
  });
});
