import { agentUnavailable, isTaskOk, PveClient, PveError, type AgentExecStatus } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { fixtureFleet } from '../fixture-fleet';
import { raw } from '../test-http';
import { rejection } from './rejection';

// A restore test's calls through PveClient: nextId, restoreGuest, config read-back and PUT, the guest agent
// (ping, exec, exec-status, interfaces), lxc interfaces, storage status, destroyGuest.

const TASK_MS = 50;
const poll = { pollMs: 20, timeoutMs: 5_000 };
const node = 'node1';
let fleet: Fleet;
let c: PveClient;

async function execToEnd(vmid: number, command: string[]): Promise<AgentExecStatus> {
  const { pid } = await c.agentExec(node, vmid, command);
  for (let i = 0; i < 100; i++) {
    const st = await c.agentExecStatus(node, vmid, pid);
    if (st.exited) return st;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('exec did not end');
}

async function untilAgent(vmid: number): Promise<number> {
  let refusals = 0;
  for (let i = 0; i < 100; i++) {
    try {
      await c.agentPing(node, vmid);
      return refusals;
    } catch (err) {
      expect(agentUnavailable(err)).toBe('not_running');
      refusals++;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('agent never answered');
}

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: TASK_MS });
  const n = fleet.nodes[0]!;
  c = new PveClient({
    baseUrl: n.url,
    auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
    fingerprint: n.fingerprint,
    retries: 0,
  });
});
afterAll(async () => {
  await c.close();
  await fleet.close();
});

describe('restore test flow through PveClient', () => {
  it('restores a VM isolated, boots it, probes it through the agent and removes it without leftovers', async () => {
    const [backup] = await c.backups(node, 'local', { vmid: 102 });
    const storageBefore = await c.storageStatus(node, 'local-zfs');
    const vmid = await c.nextId();
    expect(vmid).toBe(108);
    const upid = await c.restoreGuest(node, 'qemu', {
      vmid,
      archive: backup!.volid,
      unique: true,
      storage: 'local-zfs',
      net0: 'virtio,bridge=vmbr0,link_down=1',
    });
    expect(isTaskOk(await c.waitForTask(node, upid, poll))).toBe(true);
    const cfg = await c.guestConfig(node, 'qemu', vmid);
    expect(String(cfg['net0'])).toMatch(/,link_down=1$/);
    expect((await c.storageStatus(node, 'local-zfs')).used).toBe((storageBefore.used ?? 0) + 64 * 1024 ** 3);

    // qemu-ga answers a while after the start (2 × the task duration; stretched here so a slow machine still sees it).
    fleet.node(node).guest(vmid).agentBootMs = 600;
    expect(isTaskOk(await c.waitForTask(node, await c.guestAction(node, 'qemu', vmid, 'start'), poll))).toBe(true);
    expect(await untilAgent(vmid)).toBeGreaterThan(0);
    expect(await execToEnd(vmid, ['sh', '-c', "curl -s -w '\\n%{http_code}' http://127.0.0.1/"])).toEqual({
      exited: 1,
      exitcode: 0,
      'out-data': 'OK\n200',
    });
    // Arguments with commas stay one argument each (repeated form keys, not a comma-joined list).
    expect(await execToEnd(vmid, ['echo', 'a,b', 'c'])).toMatchObject({ exitcode: 0, 'out-data': 'a,b c\n' });
    const ifaces = await c.agentNetworkInterfaces(node, vmid);
    expect(ifaces.find((i) => i.name === 'ens18')?.['ip-addresses']).toBeUndefined();

    const running = await rejection(c.destroyGuest(node, 'qemu', vmid, { purge: true, 'destroy-unreferenced-disks': true }));
    expect(running).toBeInstanceOf(PveError);
    expect(running.serverMessage).toBe(`VM ${vmid} is running - destroy failed`);
    await c.waitForTask(node, await c.guestAction(node, 'qemu', vmid, 'stop'), poll);
    const destroyed = await c.destroyGuest(node, 'qemu', vmid, { purge: true, 'destroy-unreferenced-disks': true });
    expect(isTaskOk(await c.waitForTask(node, destroyed, poll))).toBe(true);
    expect((await c.qemuList(node)).map((g) => g.vmid)).not.toContain(vmid);
    expect((await c.storageStatus(node, 'local-zfs')).used).toBe(storageBefore.used);
    expect(await c.storageContent(node, 'local-zfs', { vmid })).toEqual([]);
  });

  it('tells apart a missing agent and a fail-closed config: a host ignoring link_down', async () => {
    const noAgent = await rejection(c.agentExec(node, 200, ['true']));
    expect(agentUnavailable(noAgent)).toBe('not_configured');
    const [backup] = await c.backups(node, 'local', { vmid: 102 });
    await raw(fleet.nodes[0]!.url, { method: 'POST', path: '/_sim/quirks', json: { ignore_link_down: true } });
    try {
      const vmid = await c.nextId();
      await c.waitForTask(
        node,
        await c.restoreGuest(node, 'qemu', {
          vmid,
          archive: backup!.volid,
          unique: true,
          net0: 'virtio,bridge=vmbr0,link_down=1',
        }),
        poll,
      );
      expect(String((await c.guestConfig(node, 'qemu', vmid))['net0'])).not.toMatch(/link_down/);
      const taken = await rejection(c.restoreGuest(node, 'qemu', { vmid, archive: backup!.volid }));
      expect(taken.serverMessage).toBe(`unable to restore VM ${vmid} - VM ${vmid} already exists on node 'node1'`);
    } finally {
      await raw(fleet.nodes[0]!.url, { method: 'POST', path: '/_sim/quirks', json: { ignore_link_down: false } });
    }
  });

  it('restores a container (restore=1), changes its config with a PUT and reads its interfaces', async () => {
    const [backup] = await c.backups(node, 'pbs-store1', { vmid: 105 });
    expect(backup?.format).toBe('pbs-ct');
    const vmid = await c.nextId();
    const upid = await c.restoreGuest(node, 'lxc', {
      vmid,
      archive: backup!.volid,
      unique: true,
      name: 'zort-test',
      net0: 'name=eth0,bridge=vmbr0,ip=dhcp,link_down=1',
    });
    expect(upid.split(':')[5]).toBe('vzrestore');
    await c.waitForTask(node, upid, poll);
    expect(await c.lxcInterfaces(node, vmid)).toEqual([]);
    const cfg = await c.guestConfig(node, 'lxc', vmid);
    expect(cfg.hostname).toBe('zort-test');
    await c.updateGuestConfig(node, 'lxc', vmid, { net1: 'name=eth1,bridge=vmbr1,link_down=1', digest: String(cfg.digest) });
    await c.waitForTask(node, await c.guestAction(node, 'lxc', vmid, 'start'), poll);
    const ifaces = await c.lxcInterfaces(node, vmid);
    expect(ifaces.map((i) => [i.name, i.inet])).toEqual([
      ['lo', '127.0.0.1/8'],
      ['eth0', undefined],
      ['eth1', undefined],
    ]);
    expect(ifaces[2]?.hwaddr).toMatch(/^bc:24:11:/);
  });
});
