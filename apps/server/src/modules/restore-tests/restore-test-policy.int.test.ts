import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertPage } from '@proxai/contract';
import { isTaskOk } from '@proxai/pve-client';
import type { Fleet, SimNode } from '@proxai/pve-sim';
import { guests, tasks } from '../../db/schema';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { until } from '../../testing/until';
import { evaluateOrganisation } from '../alerts/evaluator';
import { secretBoxFor } from '../pve/secret-box';
import { useReadyTestbed, waitForTask, type VmDto } from '../guests/guests.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, createClient, targetOf } from '../pve/pve-connection';
import { addUpid, insertTask } from '../tasks/tasks.repository';
import { RESTORE_TEST_POLICY_JOB_NAME } from './restore-test-policy.job';
import { RUN_KIND } from './restore-test.job';
import { findRestoreTest, findRestoreTestByTask, insertRestoreTest } from './restore-tests.repository';
import { guestWithBackup, pveTaskTypes } from './restore-tests.testing';

/**
 * Restore-test policies (a schedule's runs), a test interrupted by a restart (failed, its copy still cleaned
 * up), and the alerts restore tests raise.
 */
describe.each(TEST_DATABASE_KINDS)('restore-test policies, restarts and alerts on %s', (kind) => {
  const bed = useReadyTestbed(kind, {
    nodes: 1,
    guests: 12,
    seed: 23,
    taskDurationMs: 60,
    addBody: (n) => tokenBody(n),
    // A loaded test machine can be slow to answer: a timeout here would fail a run for the wrong reason.
    env: { TASK_HEARTBEAT_SECONDS: '1', PVE_TIMEOUT_MS: '15000' },
  });
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let node: SimNode;
  let vms: VmDto[];
  let org: string;
  /** The guest whose test the restart interrupted. */
  let interrupted: string;
  beforeAll(async () => {
    ({ t, fleet, owner } = bed);
    node = fleet.node(fleet.nodes[0]!.name);
    org = owner.user.organisationId!;
    vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<VmDto[]>();
  });
  const idOf = (vmid: number) => vms.find((v) => v.vmid === vmid)!.id;
  const deps = () => ({ db: t.database.db, config: t.config, log: t.app.log });

  it('tests the guests whose last pass is oldest first, up to its limit, one at a time on a node', async () => {
    const a = guestWithBackup(node, 'qemu');
    const b = guestWithBackup(node, 'lxc');
    const c = guestWithBackup(node, 'qemu', [a]);
    // c passed a test an hour ago: a and b (never passed) come first.
    await insertRestoreTest(t.database.db, {
      organisationId: org,
      guestId: idOf(c),
      hostId: bed.hostIds[0]!,
      guestName: 'c',
      guestType: 'qemu',
      vmid: c,
      targetNode: node.name,
      status: 'passed',
      rtoSeconds: 42,
      taskId: randomUUID(),
      endedAt: new Date(Date.now() - 3600_000),
    });
    const parent = await insertTask(
      t.database.db,
      {
        organisationId: org,
        kind: 'restore-test.policy',
        params: {
          probes: [{ type: 'agent_ping' }],
          max_guests_per_run: 2,
          boot_timeout_seconds: 60,
          healthy_timeout_seconds: 0,
          guest_ids: [idOf(c), idOf(a), idOf(b)],
          schedule_name: 'Weekly',
        },
        createdBy: { type: 'schedule', id: null, name: 'Weekly' },
      },
      'made by the test, as the scheduler would',
    );
    await t.app.jobs.send(RESTORE_TEST_POLICY_JOB_NAME, { task_id: parent.id });
    const done = await waitForTask(t.app, owner.auth, parent.id, 90_000);
    const childLogs = await Promise.all(done.children.map((ch) => waitForTask(t.app, owner.auth, ch.id).then((d) => d.log)));
    expect(done, JSON.stringify(childLogs)).toMatchObject({
      status: 'succeeded',
      summary: { succeeded: 2, failed: 0, skipped: 0 },
    });
    expect(done.log.map((l) => l.line)).toContain(
      'Testing 2 of 3 guests (at most 2 per run; the others, and removed ones, wait for the next run)',
    );
    expect(done.children.map((ch) => ch.target.guest_id).sort()).toEqual([idOf(a), idOf(b)].sort());
    const rows = await Promise.all(done.children.map((ch) => findRestoreTestByTask(t.database.db, ch.id)));
    expect(rows.map((r) => r?.status)).toEqual(['passed', 'passed']);
    // One node: the second started after the first ended.
    const [first, second] = rows.sort((x, y) => x!.startedAt!.getTime() - y!.startedAt!.getTime());
    expect(second!.startedAt!.getTime()).toBeGreaterThanOrEqual(first!.endedAt!.getTime());
  }, 120_000);

  it('ends a test interrupted by a restart failed (interrupted), and still destroys its copy', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    interrupted = idOf(vmid);
    const volid = node.storages.get('local')!.backups.find((x) => x.vmid === vmid)!;
    const host = (await findHostById(t.database.db, bed.hostIds[0]!))!;
    const client = createClient(targetOf(host, secretBoxFor(t.config, t.app.log)), connectSettings(t.config));
    try {
      // A run that restored its copy and started it, then lost its process.
      const backup = (await client.backups(node.name, 'local', { vmid })).find((x) => x.ctime === volid.ctime)!;
      const copy = await client.nextId();
      const task = await insertTask(
        t.database.db,
        {
          organisationId: org,
          kind: RUN_KIND,
          params: { restore_test_id: randomUUID() },
          hostId: host.id,
          guestId: idOf(vmid),
          createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
        },
        'made by the test',
      );
      const row = await insertRestoreTest(t.database.db, {
        id: task.params.restore_test_id as string,
        organisationId: org,
        guestId: idOf(vmid),
        hostId: host.id,
        guestName: 'interrupted',
        guestType: 'qemu',
        vmid,
        backupVolid: backup.volid,
        targetNode: node.name,
        restoredVmid: copy,
        status: 'running',
        startedAt: new Date(),
        taskId: task.id,
      });
      const restore = await client.restoreGuest(node.name, 'qemu', { vmid: copy, archive: backup.volid, unique: true });
      await addUpid(t.database.db, task.id, restore);
      expect(isTaskOk(await client.waitForTask(node.name, restore, { pollMs: 50 }))).toBe(true);
      const start = await client.guestAction(node.name, 'qemu', copy, 'start');
      expect(isTaskOk(await client.waitForTask(node.name, start, { pollMs: 50 }))).toBe(true);
      expect(node.guests.get(copy)?.status).toBe('running');
      // Its process died: the heartbeat stops, the task recovery resumes it.
      await t.database.db
        .update(tasks)
        .set({ status: 'running', runner: 'a-dead-process', heartbeatAt: new Date(Date.now() - 60_000), startedAt: new Date() })
        .where(eq(tasks.id, task.id));
      const ended = (await until(
        () => findRestoreTest(t.database.db, org, row.id),
        (r) => r?.status === 'failed',
        30_000,
      ))!;
      expect(ended.status).toBe('failed');
      expect(ended.reason).toMatch(
        new RegExp(`^interrupted: the portal stopped during the restore test; its copy ${copy}: .*VMID ${copy} gone`),
      );
      expect(node.guests.has(copy)).toBe(false);
      const detail = await waitForTask(t.app, owner.auth, task.id);
      expect(detail).toMatchObject({ status: 'failed' });
      expect(pveTaskTypes(detail)).toEqual(['qmrestore', 'qmstop', 'qmdestroy']);
      expect(ended.evidence).toMatchObject({ result: { status: 'failed' }, cleanup: { vmid_gone: true, leftover_volumes: [] } });
    } finally {
      await client.close();
    }
  }, 120_000);

  it('raises an alert for a failed test and for a critical guest without a passing test in 30 days', async () => {
    const critical = vms.find((v) => v.type === 'qemu' && !v.name.includes('tmpl'))!;
    await t.database.db
      .update(guests)
      .set({ tags: ['critical'] })
      .where(eq(guests.id, critical.id));
    await evaluateOrganisation(deps(), org);
    const page = (await t.app.inject({ method: 'GET', url: '/api/alerts?status=active', headers: owner.auth })).json<AlertPage>();
    const kinds = page.items.map((a) => [a.kind, a.subject.id]);
    expect(kinds).toContainEqual(['restore_test_missing', critical.id]);
    // The interrupted test of the previous case failed.
    const failed = page.items.find((a) => a.kind === 'restore_test_failed' && a.subject.id === interrupted)!;
    expect(failed).toMatchObject({ severity: 'critical', status: 'active' });
    expect(failed.summary).toMatch(/^The restore test of .+ failed: interrupted: /);
    expect(page.items.find((a) => a.kind === 'restore_test_missing')!.summary).toMatch(
      /is critical and has no passing restore test in the last 30 days \(last pass: never\)$/,
    );
  }, 120_000);
});
