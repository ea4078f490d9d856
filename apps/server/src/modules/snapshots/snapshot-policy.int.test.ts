import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetail } from '@proxai/contract';
import type { Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { useReadyTestbed, waitForTask, type VmDto } from '../guests/guests.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { insertTask } from '../tasks/tasks.repository';
import { runSnapshotPolicyTask, SNAPSHOT_POLICY_JOB_NAME } from './snapshot-policy.job';

/**
 * Snapshot policies against a simulated node: a policy run several times with a chosen clock leaves exactly
 * what its keep rules say, never touches a person's snapshot or another policy's, and skips a guest a backup
 * holds.
 */
describe.each(TEST_DATABASE_KINDS)('snapshot policies on %s', (kind) => {
  const bed = useReadyTestbed(kind, { nodes: 1, guests: 8, seed: 4, taskDurationMs: 40, addBody: (n) => tokenBody(n) });
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  beforeAll(() => {
    ({ t, fleet, owner } = bed);
  });

  const node = () => fleet.nodes[0]!.name;
  const sim = () => fleet.node(node());
  const get = <T>(url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth }).then((r) => r.json<T>());
  const snapNames = (vmid: number) =>
    sim()
      .guest(vmid)
      .snapshots.map((s) => s.name)
      .sort();
  const policyTask = (guestIds: string[], rules: Record<string, unknown>) =>
    insertTask(
      t.database.db,
      {
        organisationId: owner.user.organisationId!,
        kind: 'snapshot.policy',
        params: { prefix: 'auto', vmstate: true, ...rules, guest_ids: guestIds, schedule_name: 'Nightly' },
        createdBy: { type: 'schedule', id: null, name: 'Nightly' },
      },
      'made by the test, as the scheduler would',
    );
  /** One run of the policy with the clock at `iso`. */
  const runAt = async (iso: string, guestIds: string[], rules: Record<string, unknown>) => {
    const parent = await policyTask(guestIds, rules);
    const deps = { db: t.database.db, config: t.config, log: t.app.log, now: () => new Date(iso) };
    expect(await runSnapshotPolicyTask(deps, parent.id)).toBe(true);
    return get<TaskDetail>(`/api/tasks/${parent.id}`);
  };

  it('keeps exactly what its rules say over several runs, never a foreign snapshot; a backup-locked guest is skipped', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const vm = vms.find((v) => v.type === 'qemu')!;
    const ct = vms.find((v) => v.type === 'lxc')!;
    const busy = vms.find((v) => v.id !== vm.id && v.id !== ct.id)!;
    // Before the policy: a person's snapshot, another policy's, and two of this one's.
    const seed = [
      { name: 'before-upgrade', snaptime: 1_700_000_000 },
      { name: 'other-20240101000000', snaptime: 1_704_067_200 },
      { name: 'auto-20240101120000', snaptime: 1_704_110_400 },
      { name: 'auto-20240108120000', snaptime: 1_704_715_200 },
    ];
    sim()
      .guest(vm.vmid)
      .snapshots.push(...seed.map((s) => ({ ...s })));
    fleet.setGuestLock(node(), busy.vmid, 'backup');
    const rules = { keep_last: 2, keep_daily: 1, keep_weekly: 1 };
    const foreign = ['before-upgrade', 'other-20240101000000'];
    const ids = [vm.id, ct.id, busy.id];

    // Mon 15 Jan 10:00: last 2 = 15th, 8th; daily 1 = 1st (days of the 15th and 8th are covered). Nothing goes.
    const first = await runAt('2024-01-15T10:00:00Z', ids, rules);
    expect(first).toMatchObject({
      kind: 'snapshot.policy',
      status: 'succeeded',
      progress: 100,
      summary: { succeeded: 2, failed: 0, skipped: 1 },
    });
    expect(snapNames(vm.vmid)).toEqual([...foreign, 'auto-20240101120000', 'auto-20240108120000', 'auto-20240115100000'].sort());
    expect(snapNames(ct.vmid)).toEqual(['auto-20240115100000']);
    expect(snapNames(busy.vmid)).toEqual([]);
    const skipped = first.children.find((c) => c.target.guest_id === busy.id)!;
    expect(skipped).toMatchObject({ kind: 'snapshot.rotate', status: 'skipped', error: 'locked (backup)', upids: [] });
    expect(first.log.map((l) => l.line)).toContainEqual(expect.stringMatching(/\): skipped, locked \(backup\)$/));
    // The snapshot as the policy takes it: its description, and RAM for the VM only.
    const taken = sim()
      .guest(vm.vmid)
      .snapshots.find((s) => s.name === 'auto-20240115100000')!;
    expect(taken).toMatchObject({ description: 'ProxAI snapshot policy Nightly', vmstate: true });
    expect(
      sim()
        .guest(ct.vmid)
        .snapshots.find((s) => s.name === 'auto-20240115100000')!.vmstate,
    ).toBeFalsy();

    // 11:00 the same day: last 2 = both of the 15th; daily = 8th; weekly = 1st (week 1). Nothing goes.
    await runAt('2024-01-15T11:00:00Z', ids, rules);
    expect(snapNames(vm.vmid)).toEqual(
      [...foreign, 'auto-20240101120000', 'auto-20240108120000', 'auto-20240115100000', 'auto-20240115110000'].sort(),
    );

    // Tue 16th: last 2 = 16th, 15th 11:00; the 15th 10:00 is in a covered day and week: deleted.
    fleet.setGuestLock(node(), busy.vmid, null);
    const third = await runAt('2024-01-16T09:00:00Z', ids, rules);
    expect(third.summary).toEqual({ succeeded: 3, failed: 0, skipped: 0 });
    expect(snapNames(vm.vmid)).toEqual(
      [...foreign, 'auto-20240101120000', 'auto-20240108120000', 'auto-20240115110000', 'auto-20240116090000'].sort(),
    );
    expect(snapNames(ct.vmid)).toEqual(['auto-20240115110000', 'auto-20240116090000']);
    const child = third.children.find((c) => c.target.guest_id === vm.id)!;
    const detail = await get<TaskDetail>(`/api/tasks/${child.id}`);
    expect(detail.upids).toHaveLength(2); // the snapshot and one delete
    expect(detail.log.map((l) => l.line)).toEqual(
      expect.arrayContaining([
        'Snapshot auto-20240116090000 taken (Proxmox task ' + detail.upids[0]! + ' ended: OK)',
        expect.stringMatching(/^Keeping 4 snapshots of this policy \(.+\); deleting 1: auto-20240115100000$/),
        `Proxmox task ${detail.upids[1]!} started on ${node()}`,
        'Deleted auto-20240115100000',
        'Done: snapshot auto-20240116090000 taken',
      ]),
    );

    // Mon 22nd: last 2 = 22nd, 16th; daily = 15th; weekly = 8th (week 2). The 1st goes.
    await runAt('2024-01-22T09:00:00Z', ids, rules);
    expect(snapNames(vm.vmid)).toEqual(
      [...foreign, 'auto-20240108120000', 'auto-20240115110000', 'auto-20240116090000', 'auto-20240122090000'].sort(),
    );
    expect(snapNames(ct.vmid)).toEqual(['auto-20240115110000', 'auto-20240116090000', 'auto-20240122090000']);
    expect(snapNames(busy.vmid)).toEqual(['auto-20240116090000', 'auto-20240122090000']);
  });

  it('runs from its task row through the job (as a schedule sends it); a failing guest fails the run, not the others', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const [a, b] = vms.slice(-2) as [VmDto, VmDto];
    fleet.setSnapshotFault(node(), b.vmid, {});
    try {
      const parent = await policyTask([a.id, b.id], { prefix: 'hourly', keep_last: 1, vmstate: false });
      await t.app.jobs.send(SNAPSHOT_POLICY_JOB_NAME, { task_id: parent.id });
      const task = await waitForTask(t.app, owner.auth, parent.id);
      expect(task).toMatchObject({
        status: 'failed',
        error: '1 of 2 guests failed',
        summary: { succeeded: 1, failed: 1, skipped: 0 },
      });
      expect(task.children.find((c) => c.target.guest_id === b.id)).toMatchObject({
        status: 'failed',
        error: 'snapshot create failed: simulated storage error',
      });
      expect(snapNames(a.vmid).filter((n) => n.startsWith('hourly-'))).toHaveLength(1);
      expect(snapNames(b.vmid).filter((n) => n.startsWith('hourly-'))).toEqual([]);
    } finally {
      fleet.setSnapshotFault(node(), b.vmid, null);
    }
  });
});
