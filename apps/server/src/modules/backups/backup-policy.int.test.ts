import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupPolicyParamsSchema, type BackupPage, type TaskDetail } from '@proxai/contract';
import { generateFleet } from '@proxai/pve-sim';
import { inArray } from 'drizzle-orm';
import { events } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { readyGuests, waitForTask, type VmDto } from '../guests/guests.testing';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { giveLicence, tokenBody } from '../hosts/hosts.testing';
import { insertTask } from '../tasks/tasks.repository';
import { BACKUP_POLICY_JOB_NAME } from './backup-policy.job';

/**
 * Backup policies against a simulated three-node cluster: one vzdump per node, PVE's answers as they come (a
 * UPID, `OK` when none of the node's guests is there any more, a guest failing inside the task with
 * `job errors`), per-guest results, events and the inventory; and the plan's gate on PBS and retention.
 */
describe.each(TEST_DATABASE_KINDS)('backup policies on %s', (kind) => {
  let bed: HostsTestbed;
  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 3, guests: 12, seed: 7, clusterSize: 3, pbs: true }),
      taskDurationMs: 60,
      database: kind,
      env: { PVE_TIMEOUT_MS: '5000' },
      beforeAdd: readyGuests,
      addBody: (n) => tokenBody(n),
    });
  });
  afterAll(async () => {
    await bed?.close();
  });

  const get = <T>(url: string) => bed.t.app.inject({ method: 'GET', url, headers: bed.owner.auth }).then((r) => r.json<T>());
  const nodeName = (i: number) => bed.fleet.nodes[i]!.name;
  /** A run's parent task as the scheduler makes it, its job queued as the scheduler queues it. */
  const runPolicy = async (policy: Record<string, unknown>, guestIds: string[]): Promise<TaskDetail> => {
    const parent = await insertTask(
      bed.t.database.db,
      {
        organisationId: bed.owner.user.organisationId!,
        kind: 'backup.policy',
        params: { ...BackupPolicyParamsSchema.parse(policy), guest_ids: guestIds, schedule_name: 'Nightly' },
        createdBy: { type: 'schedule', id: null, name: 'Nightly' },
      },
      'made by the test, as the scheduler would',
    );
    await bed.t.app.jobs.send(BACKUP_POLICY_JOB_NAME, { task_id: parent.id });
    return waitForTask(bed.t.app, bed.owner.auth, parent.id, 60_000);
  };
  const detail = (id: string) => get<TaskDetail>(`/api/tasks/${id}`);

  it('runs one vzdump per node: a node answering OK skips its guest, a locked guest fails inside the task', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const on = (i: number) => vms.filter((v) => v.host_id === bed.hostIds[i]).sort((a, b) => a.vmid - b.vmid);
    const [a, b] = on(0) as [VmDto, VmDto];
    const c = on(1)[0]!;
    const d = on(2)[0]!;
    // b is held by a snapshot; d moved to the first node after the last poll: its own node has nothing to do.
    bed.fleet.setGuestLock(nodeName(0), b.vmid, 'snapshot');
    bed.fleet.migrateGuest(d.vmid, nodeName(0));
    try {
      const startedAt = Math.floor(Date.now() / 1000) * 1000;
      const run = await runPolicy({ storage: 'local', mode: 'snapshot', compress: 'zstd' }, [a.id, b.id, c.id, d.id]);
      expect(run).toMatchObject({
        kind: 'backup.policy',
        status: 'failed',
        error: '1 of 4 guests failed',
        summary: { succeeded: 2, failed: 1, skipped: 1 },
      });
      const nodes = new Map(run.children.map((n) => [n.params.node, n]));
      expect(run.children.map((n) => n.kind)).toEqual(['backup.node', 'backup.node', 'backup.node']);
      expect(nodes.get(nodeName(0))).toMatchObject({
        status: 'failed',
        error: '1 of 2 guests failed',
        summary: { succeeded: 1, failed: 1 },
      });
      expect(nodes.get(nodeName(1))).toMatchObject({ status: 'succeeded', summary: { succeeded: 1, failed: 0, skipped: 0 } });
      expect(nodes.get(nodeName(2))).toMatchObject({
        status: 'skipped',
        error: `No selected guest was on ${nodeName(2)} when the backup ran (Proxmox answered OK)`,
        upids: [],
      });

      // Per guest, under their node: what the PVE task's log said of each.
      const first = await detail(nodes.get(nodeName(0))!.id);
      const byGuest = new Map(first.children.map((g) => [g.target.guest_id, g]));
      expect(byGuest.get(a.id)).toMatchObject({ kind: 'backup.guest', status: 'succeeded' });
      // PVE's words for the guest ('VM is locked (snapshot)'; some versions name the vmid).
      const locked = new RegExp(`^${b.type === 'qemu' ? 'VM' : 'CT'}( ${b.vmid})? is locked \\(snapshot\\)$`);
      expect(byGuest.get(b.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(locked) });
      const lockError = byGuest.get(b.id)!.error!;
      // The node task keeps the PVE task's log.
      const lines = first.log.map((l) => l.line);
      expect(lines).toEqual(
        expect.arrayContaining([
          `ERROR: Backup of VM ${b.vmid} failed - ${lockError}`,
          expect.stringMatching(new RegExp(`^INFO: Finished Backup of VM ${a.vmid} `)),
          'INFO: Backup job finished with errors',
          `Proxmox task ${first.upids[0]!} ended: job errors`,
        ]),
      );
      const third = await detail(nodes.get(nodeName(2))!.id);
      expect(third.children).toEqual([
        expect.objectContaining({
          status: 'skipped',
          error: expect.stringMatching(new RegExp(`^Not on ${nodeName(2)} when the backup ran`)),
        }),
      ]);

      // One new backup each for a and c on their node's storage, none for b and d; the inventory lists them at once.
      const volumes = (i: number, vmid: number) =>
        bed.fleet
          .node(nodeName(i))
          .storages.get('local')!
          .backups.filter((v) => v.vmid === vmid && v.ctime * 1000 >= startedAt);
      expect(volumes(0, a.vmid)).toHaveLength(1);
      expect(volumes(1, c.vmid)).toHaveLength(1);
      expect(volumes(0, b.vmid)).toHaveLength(0);
      expect(volumes(0, d.vmid)).toHaveLength(0);
      const listed = await get<BackupPage>(`/api/backups?guest_id=${a.id}&since=${new Date(startedAt).toISOString()}`);
      expect(listed.items).toEqual([
        expect.objectContaining({ guest_id: a.id, vmid: a.vmid, source: 'pve-storage', storage: 'local', protected: false }),
      ]);
      expect(listed.items[0]!.volid).toMatch(new RegExp(`^local:backup/vzdump-${a.type}-${a.vmid}-`));

      // The domain events: one per guest tried (a skipped guest was not tried).
      const emitted = await bed.t.database.db
        .select()
        .from(events)
        .where(inArray(events.type, ['backup.completed', 'backup.failed']));
      const of = (type: string, guestId: string) => emitted.filter((e) => e.type === type && e.data.guest_id === guestId);
      expect(of('backup.completed', a.id)).toHaveLength(1);
      expect(of('backup.completed', c.id)).toHaveLength(1);
      expect(of('backup.failed', b.id)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ error: lockError, vmid: b.vmid }) }),
      ]);
      expect(emitted.filter((e) => e.data.guest_id === d.id)).toEqual([]);
      // The volume vzdump said it was writing (its name is the backup's start time).
      expect(of('backup.completed', a.id)[0]!.data.volid).toMatch(new RegExp(`^local:backup/vzdump-${a.type}-${a.vmid}-\\d{4}_`));
    } finally {
      bed.fleet.setGuestLock(nodeName(0), b.vmid, null);
      bed.fleet.migrateGuest(d.vmid, nodeName(2));
    }
  });

  it('needs PBS backups (Pro) for keep rules or a PBS storage: skipped with the reason otherwise; with it, backs up to PBS', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const guest = vms.find((v) => v.host_id === bed.hostIds[1])!;
    const org = bed.owner.user.organisationId!;
    await giveLicence(bed.t.database.db, org, 'essential');
    try {
      const keep = await runPolicy({ storage: 'local', keep_last: 3 }, [guest.id]);
      expect(keep).toMatchObject({ status: 'skipped', children: [] });
      expect(keep.error).toMatch(/^Keeping backups \(keep-last=3\) needs PBS backups with retention, in the Pro plan/);
      const pbs = await runPolicy({ storage: 'pbs-store1' }, [guest.id]);
      expect(pbs).toMatchObject({ status: 'skipped', children: [] });
      expect(pbs.error).toMatch(/^Storage pbs-store1 is a Proxmox Backup Server: PBS backups need the Pro plan/);
      // A directory storage without keep rules is the Essential plan's.
      expect(await runPolicy({ storage: 'local' }, [guest.id])).toMatchObject({ status: 'succeeded', summary: { succeeded: 1 } });
    } finally {
      await giveLicence(bed.t.database.db, org, 'pro');
    }
    const snapshots = () =>
      bed.fleet
        .pbsState()!
        .datastores.get('store1')!
        .snapshots.filter((s) => s.id === String(guest.vmid)).length;
    const before = snapshots();
    const run = await runPolicy({ storage: 'pbs-store1', keep_last: 7, notes_template: '{{guestname}} nightly' }, [guest.id]);
    expect(run).toMatchObject({ status: 'succeeded', summary: { succeeded: 1, failed: 0, skipped: 0 } });
    expect(snapshots()).toBe(before + 1);
    const listed = await get<BackupPage>(`/api/backups?guest_id=${guest.id}`);
    const newest = listed.items.find((b) => b.storage === 'pbs-store1')!;
    expect(newest).toMatchObject({ format: guest.type === 'qemu' ? 'pbs-vm' : 'pbs-ct', notes: `${guest.name} nightly` });
  });
});
