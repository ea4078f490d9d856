import { z } from 'zod';
import { isTaskOk } from '@proxai/pve-client';
import { AppError } from '../../errors';
import {
  defineTaskJob,
  INTERRUPTED,
  interruptedWhileSending,
  openTaskTarget,
  sendOnce,
  taskEnding,
  type JobDeps,
} from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { guestStateWriter } from '../guests/guest-state';
import { requestHostPoll } from '../hosts/hosts.repository';
import type { TaskRow } from '../tasks/tasks.repository';

/** What a person does to one snapshot (task kinds `snapshot.create`, `snapshot.rollback`, `snapshot.delete`). */
export const SNAPSHOT_OPS = ['create', 'rollback', 'delete'] as const;
export type SnapshotOp = (typeof SNAPSHOT_OPS)[number];

/** Longest a snapshot task may take: one with the RAM of a large VM writes gigabytes. */
export const SNAPSHOT_TIMEOUT_MS = 30 * 60_000;

const ParamsSchema = z.object({
  snapname: z.string(),
  description: z.string().optional(),
  vmstate: z.boolean().optional(),
});

/**
 * Runs a snapshot task a person asked for (create, rollback or delete): sends it to PVE once, records the UPID,
 * follows it to its end; a rollback then reads the guest's state again (PVE stops the guest first, and a
 * snapshot with RAM resumes it). Resumed after a crash like a guest action (guest-action.job.ts): it follows the
 * recorded UPID, or ends `failed` (interrupted) when it died while sending.
 */
export function runSnapshotTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) => runClaimed(deps, task));
}

async function runClaimed(deps: JobDeps, task: TaskRow): Promise<void> {
  const { db } = deps;
  const op = task.kind.replace(/^snapshot\./, '') as SnapshotOp;
  const params = ParamsSchema.safeParse(task.params);
  const t = await openTaskTarget(deps, task);
  const { fail, succeed } = taskEnding(db, task, `vm.snapshot.${op}`, {
    vmid: t?.guest.vmid ?? task.params.vmid,
    name: t?.guest.name ?? task.params.name,
    host: t?.host.name,
    snapname: task.params.snapname,
  });
  if (!t || !params.success || !SNAPSHOT_OPS.includes(op)) {
    await t?.close();
    await fail('The guest or its host was removed before the snapshot task ran');
    return;
  }
  if (interruptedWhileSending(task)) {
    await t.close();
    await fail(INTERRUPTED);
    return;
  }
  const { guest, client } = t;
  const { snapname, description, vmstate } = params.data;
  const send = (): Promise<string> => {
    switch (op) {
      case 'create':
        return client.createSnapshot(guest.node, guest.type, guest.vmid, {
          snapname,
          ...(description ? { description } : {}),
          ...(vmstate ? { vmstate: true } : {}),
        });
      case 'rollback':
        return client.rollbackSnapshot(guest.node, guest.type, guest.vmid, snapname);
      case 'delete':
        return client.deleteSnapshot(guest.node, guest.type, guest.vmid, snapname);
    }
  };
  try {
    const { upid } = await sendOnce(db, task, guest.node, send);
    const status = await client.waitForTask(guest.node, upid, { pollMs: 250, timeoutMs: SNAPSHOT_TIMEOUT_MS });
    if (op === 'rollback') {
      const current = await client.guestStatus(guest.node, guest.type, guest.vmid).catch(() => null);
      if (current) {
        await guestStateWriter(
          db,
          guest,
        )({
          state: current.status,
          uptime: current.status === 'running' ? Math.round(current.uptime ?? 0) : 0,
        });
      }
    }
    if (!isTaskOk(status)) {
      await fail(status.exitstatus ?? `The snapshot ${op} task failed`);
      return;
    }
    await succeed(`Proxmox task ${upid} ended: ${status.exitstatus ?? 'OK'}`, { upid });
  } catch (err) {
    // Stored texts are English (the task and audit are read later, in any language).
    await fail((err instanceof AppError ? err : t.hostError(err)).detail);
  } finally {
    await t.close();
    await requestHostPoll(db, t.host.id).catch(() => undefined);
  }
}

export const SNAPSHOT_ACTION_JOB_NAME = 'snapshot.action';

/** The catalogue entry: one job per task, like a guest action. */
export const snapshotActionJob = (deps: JobDeps) =>
  defineTaskJob(SNAPSHOT_ACTION_JOB_NAME, (taskId) => runSnapshotTask(deps, taskId), {
    expireInSeconds: SNAPSHOT_TIMEOUT_MS / 1000 + 60,
    concurrency: 8,
  });
