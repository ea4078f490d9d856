import { describe, expect, it } from 'vitest';
import type { AlertPage, BackupCoverage, BackupPage, TaskAccepted, TaskDetail } from '@proxai/contract';
import { generateFleet } from '@proxai/pve-sim';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { evaluateOrganisation } from '../alerts/evaluator';
import { waitForTask, type VmDto } from '../guests/guests.testing';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, createClient, targetOf } from '../pve/pve-connection';
import { secretBoxFor } from '../pve/secret-box';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { insertTask } from '../tasks/tasks.repository';
import { refreshBackupInventory } from './backup-inventory';
import { eventsOf } from '../schedules/schedules.testing';
import { until } from '../../testing/until';
import { useBackupTestbed } from './backups.testing';
import { resumeBackupTask } from './backups.jobs';

/**
 * "Back up now", restores and the backup alerts against a simulated node and PBS: the new backup is in the
 * inventory when its task ends, a restore to a new VMID creates the guest on the node, a restore over the original
 * is for admins and stopped guests, and a failed backup or a guest without one raises its alert.
 */
describe.each(TEST_DATABASE_KINDS)('backup actions on %s', (kind) => {
  const bed = useBackupTestbed(kind, generateFleet({ nodes: 1, guests: 6, seed: 5, pbs: true }));

  const deps = () => ({ db: bed.t.database.db, config: bed.t.config, log: bed.t.app.log });
  const node = () => bed.fleet.nodes[0]!.name;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, headers = bed.owner.auth) =>
    bed.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const get = <T>(url: string) => call('GET', url).then((r) => r.json<T>());
  const started = async (res: Awaited<ReturnType<typeof call>>): Promise<TaskDetail> => {
    expect(res.statusCode, res.body).toBe(202);
    return waitForTask(bed.t.app, bed.owner.auth, res.json<TaskAccepted>().task_id);
  };

  it('backs up a guest now: the new backup is in the inventory when the task ends; without a storage, PBS first', async () => {
    const vm = (await get<VmDto[]>('/api/vms')).find((v) => v.type === 'qemu')!;
    const task = await started(
      await call('POST', `/api/vms/${vm.id}/backup`, { storage: 'local', mode: 'stop', compress: 'gzip' }),
    );
    expect(task).toMatchObject({ kind: 'backup.now', status: 'succeeded', target: { guest_id: vm.id }, progress: 100 });
    const volid = /^Backed up to (\S+)$/.exec(task.log.map((l) => l.line).find((l) => l.startsWith('Backed up to')) ?? '')?.[1];
    expect(volid).toMatch(new RegExp(`^local:backup/vzdump-qemu-${vm.vmid}-.*\\.vma\\.gz$`));
    const listed = await get<BackupPage>(`/api/backups?guest_id=${vm.id}`);
    expect(listed.items[0]).toMatchObject({
      storage: 'local',
      format: 'vma.gz',
      notes: vm.name,
      guest_id: vm.id,
      guest_name: vm.name,
    });
    expect(listed.items[0]!.volid).toMatch(new RegExp(`^local:backup/vzdump-qemu-${vm.vmid}-.*\\.vma\\.gz$`));

    // No storage given: the node's PBS storage, the plan having PBS backups.
    const auto = await started(await call('POST', `/api/vms/${vm.id}/backup`, {}));
    expect(auto).toMatchObject({ status: 'succeeded', params: expect.objectContaining({ storage: 'pbs-store1' }) });
    // Both backups may share a second (the inventory's order within a second is not the order they were made in).
    const autoVolid = /^Backed up to (\S+)$/.exec(
      auto.log.map((l) => l.line).find((l) => l.startsWith('Backed up to')) ?? '',
    )?.[1];
    const again = await get<BackupPage>(`/api/backups?guest_id=${vm.id}`);
    expect(again.items.find((b) => b.volid === autoVolid)).toMatchObject({
      storage: 'pbs-store1',
      format: 'pbs-vm',
      verify_state: 'none',
    });

    // A guest another task holds: the task fails with PVE's words, and the coverage lists it among failed jobs.
    bed.fleet.setGuestLock(node(), vm.vmid, 'snapshot');
    try {
      const failed = await started(await call('POST', `/api/vms/${vm.id}/backup`, { storage: 'local' }));
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/is locked \(snapshot\)$/) });
      const coverage = await get<BackupCoverage>('/api/backups/coverage?hours=1');
      expect(coverage.failed_jobs.map((t) => t.id)).toContain(failed.id);
      expect(coverage.guests_without_backup.map((g) => g.guest_id)).not.toContain(vm.id);
    } finally {
      bed.fleet.setGuestLock(node(), vm.vmid, null);
    }
  });

  it('restores a backup to a new VMID (the guest appears on the node); over the original only for admins, guest stopped', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const vm = vms.find((v) => v.type === 'qemu')!;
    const backup = (await get<BackupPage>(`/api/backups?guest_id=${vm.id}`)).items.find((b) => b.storage === 'local')!;
    const before = new Set(bed.fleet.node(node()).guests.keys());
    const task = await started(await call('POST', '/api/backups/restore', { backup_id: backup.id, target: 'new' }));
    expect(task).toMatchObject({ kind: 'backup.restore', status: 'succeeded', progress: 100 });
    const vmid = task.params.vmid as number;
    expect(before.has(vmid)).toBe(false);
    const restored = bed.fleet.node(node()).guests.get(vmid);
    expect(restored).toMatchObject({ type: 'qemu', name: vm.name });
    expect(task.log.map((l) => l.line)).toContain(`VMID ${vmid}: the cluster's next free one`);
    expect(task.log.at(-1)!.line).toMatch(
      new RegExp(`^Done: ${backup.volid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} restored as VM ${vmid} on ${node()}`),
    );

    // A PBS snapshot listed by the PBS itself is restored through the PVE storage that lists the same snapshot.
    await refreshBackupInventory(deps(), bed.pbsHostId);
    const fromPbs = (await get<BackupPage>(`/api/backups?host_id=${bed.pbsHostId}&guest_id=${vm.id}`)).items[0]!;
    // Listed by its PBS and by the PVE storage on it: once outside a host's own view (as the PBS lists it), and
    // the PVE host's view still shows its storage's copy.
    const copies = (url: string) =>
      get<BackupPage>(url).then((p) =>
        p.items.filter((b) => b.backup_time === fromPbs.backup_time && b.format.startsWith('pbs-')),
      );
    expect((await copies(`/api/backups?guest_id=${vm.id}`)).map((b) => b.host_id)).toEqual([bed.pbsHostId]);
    expect((await copies('/api/backups?limit=200')).map((b) => b.host_id)).toEqual([bed.pbsHostId]);
    expect((await copies(`/api/backups?host_id=${bed.hostIds[0]}&guest_id=${vm.id}`)).map((b) => b.storage)).toEqual([
      'pbs-store1',
    ]);
    const viaPve = await started(
      await call('POST', '/api/backups/restore', { backup_id: fromPbs.id, target: 'new', vmid: vmid + 100 }),
    );
    expect(viaPve).toMatchObject({ status: 'succeeded', params: expect.objectContaining({ vmid: vmid + 100 }) });
    expect(viaPve.params.volid).toMatch(new RegExp(`^pbs-store1:backup/vm/${vm.vmid}/`));
    expect(bed.fleet.node(node()).guests.has(vmid + 100)).toBe(true);

    // A VMID a guest has is refused before anything is sent.
    const taken = await call('POST', '/api/backups/restore', { backup_id: backup.id, target: 'new', vmid: vm.vmid });
    expect(taken.statusCode).toBe(409);
    // Over the original: an operator may not (backups.restore_over); the owner may not while it runs. It is
    // sensitive: asked without a fresh step-up it is refused with step_up_required; the guest's state is checked after.
    const overOriginal = {
      method: 'POST',
      url: '/api/backups/restore',
      payload: { backup_id: backup.id, target: 'original' },
    } as const;
    const operator = await buildUser(bed.t.database.db, { orgRole: 'operator', organisationId: bed.owner.user.organisationId! });
    const refused = await withEmailStepUp(bed.t.app, operator.auth, operator.user.email, overOriginal);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/\(backups\.restore_over\)$/);
    const unproved = await call('POST', '/api/backups/restore', overOriginal.payload);
    expect(unproved.statusCode).toBe(401);
    expect(unproved.json()).toMatchObject({ code: 'step_up_required' });
    const running = await withEmailStepUp(bed.t.app, bed.owner.auth, bed.owner.user.email, overOriginal);
    expect(running.statusCode).toBe(409);
    expect(running.json<{ detail: string }>().detail).toMatch(/is running: stop it before restoring over it$/);
    const bad = await call('POST', '/api/backups/restore', { target: 'new' });
    expect(bad.statusCode).toBe(400);
  });

  it('raises backup_failed for a failed backup and backup_missing for a guest without a recent backup', async () => {
    const vms = await get<VmDto[]>('/api/vms');
    const vm = vms.find((v) => v.type === 'qemu')!;
    const rule = { enabled: true, severity: 'warning', clear: null, duration_seconds: 0, cooldown_seconds: 0, max_per_hour: 60 };
    const put = await call('PUT', '/api/alert-rules', {
      items: [
        { ...rule, kind: 'backup_failed', name: 'Backup failed', trigger: null, scope: { all: true } },
        { ...rule, kind: 'backup_missing', name: 'No backup for a day', trigger: 26, scope: { all: true } },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (
        await call('PUT', '/api/alert-rules', {
          items: [{ ...rule, kind: 'backup_missing', name: 'x', trigger: null, scope: { all: true } }],
        })
      ).statusCode,
    ).toBe(400);
    await refreshBackupInventory(deps(), bed.hostIds[0]!);
    // vm's newest backup task failed (the lock, above).
    await evaluateOrganisation(deps(), bed.owner.user.organisationId!);
    const open = (await get<AlertPage>('/api/alerts?status=active&limit=200')).items;
    expect(open.filter((a) => a.kind === 'backup_failed').map((a) => a.subject.id)).toEqual([vm.id]);
    // Backed up in the last hours: not missing; every guest without a backup in 26 hours is.
    const missing = open.filter((a) => a.kind === 'backup_missing').map((a) => a.subject.id);
    expect(missing).not.toContain(vm.id);
    const coverage = await get<BackupCoverage>('/api/backups/coverage?hours=26');
    expect(missing.sort()).toEqual(coverage.guests_without_backup.map((g) => g.guest_id).sort());

    // A backup that succeeds closes backup_failed.
    expect((await started(await call('POST', `/api/vms/${vm.id}/backup`, { storage: 'local' }))).status).toBe('succeeded');
    await evaluateOrganisation(deps(), bed.owner.user.organisationId!);
    const later = (await get<AlertPage>('/api/alerts?limit=200')).items.filter((a) => a.kind === 'backup_failed');
    expect(later).toEqual([expect.objectContaining({ status: 'resolved', subject: expect.objectContaining({ id: vm.id }) })]);
  });

  it('resumes a "Back up now" whose process died after sending: it follows the recorded UPID, never sends again', async () => {
    const vm = (await get<VmDto[]>('/api/vms')).find((v) => v.type === 'lxc')!;
    const { db } = deps();
    const host = (await findHostById(db, bed.hostIds[0]!))!;
    const client = createClient(targetOf(host, secretBoxFor(bed.t.config, bed.t.app.log)), connectSettings(bed.t.config));
    const upid = await client.vzdump(node(), { vmid: [vm.vmid], storage: 'local', mode: 'snapshot', compress: 'zstd' });
    await client.close();
    // As a process that died right after recording the UPID leaves it: running, its heartbeat an hour old.
    const task = await insertTask(
      db,
      {
        organisationId: bed.owner.user.organisationId!,
        kind: 'backup.now',
        status: 'running',
        progress: 30,
        params: { vmid: vm.vmid, name: vm.name, storage: 'local', mode: 'snapshot', compress: 'zstd', notes_template: null },
        hostId: host.id,
        guestId: vm.id,
        upids: [upid],
        runner: 'a-process-that-died',
        startedAt: new Date(Date.now() - 3_600_000),
        heartbeatAt: new Date(Date.now() - 3_600_000),
        createdBy: { type: 'user', id: bed.owner.user.id, name: bed.owner.user.email },
      },
      'made by the test, as a crashed process left it',
    );
    bed.fleet.resetRequestStats(node());
    expect(await resumeBackupTask(deps(), task.id, 'backup.now')).toBe(true);
    const detail = await get<TaskDetail>(`/api/tasks/${task.id}`);
    expect(detail).toMatchObject({ status: 'succeeded', upids: [upid] });
    expect(detail.log.map((l) => l.line)).toContain(`Resumed after an interruption: following ${upid}`);
    expect(bed.fleet.requestStats(node()).by_path['POST /nodes/{node}/vzdump'] ?? 0).toBe(0);
    // A second resume (the job handed out again) finds it ended and does nothing.
    expect(await resumeBackupTask(deps(), task.id, 'backup.now')).toBe(false);
  });

  it('stops a running "Back up now" and a running restore on the host when asked: both end cancelled, not failed', async () => {
    const vm = (await get<VmDto[]>('/api/vms')).find((v) => v.type === 'qemu')!;
    // A backup to restore (made at the usual pace), then tasks that take 20 s on the host.
    expect((await started(await call('POST', `/api/vms/${vm.id}/backup`, { storage: 'local' }))).status).toBe('succeeded');
    const backup = (await get<BackupPage>(`/api/backups?guest_id=${vm.id}`)).items.find((b) => b.storage === 'local')!;
    const sim = bed.fleet.node(node());
    const before = sim.taskDurationMs;
    sim.taskDurationMs = 20_000;
    try {
      const running = async (res: Awaited<ReturnType<typeof call>>) => {
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json<TaskAccepted>().task_id;
        await until(
          () => get<TaskDetail>(`/api/tasks/${id}`),
          (t) => t.status === 'running' && t.upids.length > 0,
        );
        return id;
      };
      const backupTask = await running(await call('POST', `/api/vms/${vm.id}/backup`, { storage: 'local' }));
      const restoreTask = await running(await call('POST', '/api/backups/restore', { backup_id: backup.id, target: 'new' }));
      for (const id of [backupTask, restoreTask]) {
        const cancel = await call('POST', `/api/tasks/${id}/cancel`);
        expect(cancel.statusCode, cancel.body).toBe(200);
        const ended = await waitForTask(bed.t.app, bed.owner.auth, id);
        expect(ended).toMatchObject({
          status: 'cancelled',
          error: `Stopped on the host at the request of ${bed.owner.user.email}`,
        });
      }
      // Proxmox stopped the vzdump (the guest's backup lock went with it); no backup_failed event was emitted.
      expect(sim.guests.get(vm.vmid)!.lock).toBeUndefined();
      const failed = (await eventsOf(bed.t.database.db, bed.owner.user.organisationId!, 'backup.failed')).filter(
        (e) => e.data.task_id === backupTask,
      );
      expect(failed).toEqual([]);
    } finally {
      sim.taskDurationMs = before;
    }
  });
});
