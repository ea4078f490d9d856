import { beforeAll, describe, expect, it } from 'vitest';
import type { RestoreTestEvidence } from '@proxai/contract';
import type { Fleet, SimNode } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { useReadyTestbed, type VmDto } from '../guests/guests.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { guestWithBackup, onCopy, pveTaskTypes, RESTORE_TEST_BED, runThroughApi } from './restore-tests.testing';

/**
 * Restore tests of a Windows VM (ostype win11) end to end on a simulated node: its copy has no sh, ss nor curl,
 * so the tcp and http probes run netstat.exe and PowerShell through the agent; a pass, and failures on an HTTP
 * 500 with the evidence saying which command saw it.
 */
describe.each(TEST_DATABASE_KINDS)('restore tests of a Windows VM on %s', (kind) => {
  const bed = useReadyTestbed(kind, RESTORE_TEST_BED);
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let node: SimNode;
  let vms: VmDto[];
  beforeAll(async () => {
    ({ t, fleet, owner } = bed);
    node = fleet.node(fleet.nodes[0]!.name);
    vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<VmDto[]>();
  });
  const idOf = (vmid: number) => vms.find((v) => v.vmid === vmid)!.id;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth });

  /** A VM with a backup whose config says win11 (the simulated backups carry the guest's settings). */
  function windowsVm(): { vmid: number; restore(): void } {
    const vmid = guestWithBackup(node, 'qemu');
    const g = node.guests.get(vmid)!;
    const before = g.ostype;
    g.ostype = 'win11';
    return { vmid, restore: () => void (g.ostype = before) };
  }

  it('passes with tcp and http probes run by netstat.exe and PowerShell inside the copy', async () => {
    const vm = windowsVm();
    let copyOstype: string | undefined;
    const watch = onCopy(node, (copy) => {
      const g = node.guests.get(copy)!;
      copyOstype = g.ostype;
      // A Windows server: RDP, WinRM and IIS listening (no SSH).
      g.probe = { tcpPorts: [80, 3389, 5985], execFail: false };
    });
    try {
      const { test, task } = await runThroughApi(t, owner.auth, {
        guest_id: idOf(vm.vmid),
        probes: [
          { type: 'agent_ping' },
          { type: 'tcp', port: 3389 },
          { type: 'http', port: 80, url_path: '/', expect_status: 200, expect_body: 'OK' },
          { type: 'exec', command: ['cmd.exe', '/c', 'echo', 'restored'], expect_exit: 0, expect_output: 'restored' },
        ],
        healthy_timeout_seconds: 5,
      });
      expect(copyOstype).toBe('win11');
      expect(test, JSON.stringify(task.log)).toMatchObject({ status: 'passed', reason: null, has_evidence: true });
      expect(test.probes.map((p) => [p.probe.type, p.ok])).toEqual([
        ['agent_ping', true],
        ['tcp', true],
        ['http', true],
        ['exec', true],
      ]);
      const [, tcp, http] = test.probes;
      expect(tcp!.output.split('\n')[0]).toBe('Listening on port 3389 (netstat.exe -a -n)');
      expect(tcp!.output).toContain('TCP    [::]:3389');
      expect(http!.output).toBe(
        'GET http://127.0.0.1:80/ via powershell.exe: status 200 (expected 200 and a body containing "OK")\nOK',
      );
      expect(JSON.stringify(task.log)).toContain(
        'A Windows guest (ostype win11): tcp and http probes run netstat.exe and PowerShell',
      );
      expect(pveTaskTypes(task)).toEqual(['qmrestore', 'qmstart', 'qmstop', 'qmdestroy']);
      expect(node.guests.has(test.restored_vmid!)).toBe(false);
      const evidence = (await get(`/api/restore-tests/${test.id}/evidence`)).json<RestoreTestEvidence>();
      expect(evidence.result.status).toBe('passed');
      expect(evidence.probes[1]!.output).toContain('(netstat.exe -a -n)');
      expect(evidence.probes[2]!.output).toContain('via powershell.exe: status 200');
    } finally {
      watch.stop();
      vm.restore();
    }
  }, 120_000);

  it('fails when the Windows HTTP service answers 500, with the evidence saying so', async () => {
    const vm = windowsVm();
    const watch = onCopy(node, (copy) => {
      node.guests.get(copy)!.probe = {
        tcpPorts: [80, 3389],
        execFail: false,
        http: { path: '/health', status: 500, body: 'Internal error: database down' },
      };
    });
    try {
      const { test } = await runThroughApi(t, owner.auth, {
        guest_id: idOf(vm.vmid),
        probes: [
          { type: 'tcp', port: 3389 },
          { type: 'tcp', port: 22 },
          { type: 'http', port: 80, url_path: '/health', expect_status: 200 },
        ],
        healthy_timeout_seconds: 1,
      });
      expect(test.status).toBe('failed');
      expect(test.reason).toBe('Probe failed: tcp 22, http 80 (Nothing listening on port 22 (netstat.exe -a -n))');
      expect(test.rto_seconds).toBeNull();
      expect(test.probes.map((p) => [p.probe.type, p.ok])).toEqual([
        ['tcp', true],
        ['tcp', false],
        ['http', false],
      ]);
      expect(node.guests.has(test.restored_vmid!)).toBe(false);
      const evidence = (await get(`/api/restore-tests/${test.id}/evidence`)).json<RestoreTestEvidence>();
      expect(evidence.result).toMatchObject({ status: 'failed', reason: test.reason });
      expect(evidence.probes[2]!.output).toBe(
        'GET http://127.0.0.1:80/health via powershell.exe: status 500 (expected 200)\nInternal error: database down',
      );
      expect(evidence.cleanup).toMatchObject({ vmid_gone: true, leftover_volumes: [] });
    } finally {
      watch.stop();
      vm.restore();
    }
  }, 120_000);

  it('fails on the HTTP 500 alone: the reason names PowerShell and the status', async () => {
    const vm = windowsVm();
    const watch = onCopy(node, (copy) => {
      node.guests.get(copy)!.probe = {
        tcpPorts: [80],
        execFail: false,
        http: { path: '/health', status: 500, body: 'Internal error: database down' },
      };
    });
    try {
      const { test } = await runThroughApi(t, owner.auth, {
        guest_id: idOf(vm.vmid),
        probes: [{ type: 'http', port: 80, url_path: '/health', expect_status: 200 }],
        healthy_timeout_seconds: 1,
      });
      expect(test).toMatchObject({
        status: 'failed',
        reason: 'Probe failed: http 80 (GET http://127.0.0.1:80/health via powershell.exe: status 500 (expected 200))',
      });
      expect(node.guests.has(test.restored_vmid!)).toBe(false);
    } finally {
      watch.stop();
      vm.restore();
    }
  }, 120_000);
});
