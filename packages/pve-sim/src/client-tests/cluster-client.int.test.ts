import { isTaskOk, parseUpid, PveClient } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFleet } from '../fixture-fleet';
import { startFleet, type Fleet } from '../fleet';
import { rejection } from './rejection';

// The client against one member of a simulated cluster (node1 + node2 form 'prod').

const poll = { pollMs: 20, timeoutMs: 5_000 };

describe('PveClient against a cluster member', () => {
  let fleet: Fleet;
  let c: PveClient;

  beforeAll(async () => {
    const spec = fixtureFleet();
    spec.clusters = [{ name: 'prod', nodes: ['node1', 'node2'] }];
    fleet = await startFleet(spec, { taskDurationMs: 50 });
    const n2 = fleet.nodes[1]!;
    c = new PveClient({
      baseUrl: n2.url,
      auth: { kind: 'password', username: 'root@pam', password: n2.password },
      fingerprint: n2.fingerprint,
      retries: 0,
    });
  });
  afterAll(async () => {
    await c.close();
    await fleet.close();
  });

  it('reads the cluster shape, every member and every guest through one member', async () => {
    const status = await c.clusterStatus();
    expect(status[0]).toEqual({ type: 'cluster', id: 'cluster', name: 'prod', nodes: 2, version: 2, quorate: 1 });
    expect(status.filter((s) => s.type === 'node').map((s) => [s.name, 'local' in s ? s.local : undefined])).toEqual([
      ['node1', 0],
      ['node2', 1],
    ]);
    expect((await c.nodes()).map((n) => n.node)).toEqual(['node1', 'node2']);
    const vms = await c.clusterResources('vm');
    expect(vms.map((r) => r.id)).toEqual(expect.arrayContaining(['qemu/100', 'lxc/105', 'qemu/300', 'lxc/301']));
    expect((await c.qemuList('node1')).map((g) => g.vmid)).toContain(103);
  });

  it('acts on the other member and migrates a guest back and forth', async () => {
    const upid = await c.guestAction('node1', 'qemu', 200, 'start');
    expect(parseUpid(upid)?.node).toBe('node1');
    expect(isTaskOk(await c.waitForTask('node1', upid, poll))).toBe(true);
    const migrate = await c.post<string>('/nodes/node1/qemu/200/migrate', {
      target: 'node2',
      online: true,
      'with-local-disks': true,
    });
    expect(parseUpid(migrate)).toMatchObject({ node: 'node1', type: 'qmigrate', id: '200' });
    expect(isTaskOk(await c.waitForTask('node1', migrate, poll))).toBe(true);
    expect((await c.guestStatus('node2', 'qemu', 200)).status).toBe('running');
    expect(await rejection(c.guestStatus('node1', 'qemu', 200))).toMatchObject({ kind: 'not-found' });
    fleet.migrateGuest(200, 'node1');
    expect((await c.guestStatus('node1', 'qemu', 200)).status).toBe('running');
  });

  it('a member that is down answers 595 through the other one (unreachable)', async () => {
    await fleet.setFault('node1', { kind: 'refuse' });
    try {
      expect(await rejection(c.qemuList('node1'))).toMatchObject({ kind: 'unreachable', status: 595 });
      expect((await c.nodes()).find((n) => n.node === 'node1')?.status).toBe('offline');
    } finally {
      await fleet.setFault('node1', null);
    }
  });
});
