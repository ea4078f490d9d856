import { z } from 'zod';
import { isTaskOk } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { defineTaskJob, INTERRUPTED, interruptedWhileSending, sendOnce, taskEnding, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { pooledClient } from '../pve/client-pool';
import { findHostById, requestHostPoll } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { appendTaskLog, setTaskProgress, type TaskRow } from '../tasks/tasks.repository';
import { followPveLog } from './backup-run';
import { setTaskParams } from './backups.repository';

/**
 * A real restore (task `backup.restore`): a backup restored to a new VMID (the cluster's next free one unless
 * given; `unique=1` gives it new MAC addresses) or over its original guest (`force=1`; the guest must be
 * stopped, checked again here just before). The qmrestore / vzrestore task is followed to its end, its progress
 * read from its log; the host is polled right after so the guest shows at once.
 */

export const RESTORE_JOB_NAME = 'backup.restore';

export const RestoreParamsSchema = z.object({
  volid: z.string(),
  type: z.enum(['qemu', 'lxc']),
  /** The node the guest is restored on. */
  node: z.string(),
  target: z.enum(['new', 'original']),
  /** Given, or chosen by the task before sending (kept for a resume). */
  vmid: z.number().int().nullable(),
  target_storage: z.string().nullable(),
  start: z.boolean(),
});
export type RestoreParams = z.infer<typeof RestoreParamsSchema>;

/** A restore of a large disk from a slow storage. */
const RESTORE_TIMEOUT_MS = 12 * 3600_000;

export function runRestoreTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) => runRestore(deps, task));
}

/** qmrestore (vma) and pbs-restore write `progress 42% (read …)`. */
const progressIn = (line: string): number | undefined => {
  const m = /\bprogress (\d{1,3})%/.exec(line);
  return m ? Math.min(100, Number(m[1])) : undefined;
};

async function runRestore(deps: JobDeps, task: TaskRow): Promise<void> {
  const { db } = deps;
  const params = RestoreParamsSchema.safeParse(task.params);
  const host = task.hostId ? await findHostById(db, task.hostId) : undefined;
  const { fail, succeed } = taskEnding(db, task, 'vm.restore', {
    volid: task.params.volid,
    target: task.params.target,
    node: task.params.node,
    host: host?.name,
  });
  if (!params.success || !host) {
    await fail('The host of the backup was removed before the restore ran');
    return;
  }
  if (interruptedWhileSending(task)) {
    await fail(INTERRUPTED);
    return;
  }
  const p = params.data;
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = pooledClient(host, () => target, settings);
  const label = p.type === 'qemu' ? 'VM' : 'CT';
  try {
    let vmid = p.vmid;
    if (!task.upids.at(-1)) {
      if (p.target === 'original' && vmid !== null) {
        const status = await client.guestStatus(p.node, p.type, vmid);
        if (status.status !== 'stopped') {
          await fail(`${label} ${vmid} is ${status.status}: stop it before restoring over it`);
          return;
        }
      }
      if (vmid === null) {
        vmid = await client.nextId();
        await setTaskParams(db, task.id, { vmid });
        await appendTaskLog(db, task.id, `VMID ${vmid}: the cluster's next free one`);
      }
    }
    if (vmid === null) throw new AppError('invalid_state', 'The restore lost its VMID');
    const restoreTo = vmid;
    const { upid } = await sendOnce(db, task, p.node, () =>
      client.restoreGuest(p.node, p.type, {
        archive: p.volid,
        vmid: restoreTo,
        ...(p.target === 'new' ? { unique: true } : { force: true }),
        ...(p.target_storage ? { storage: p.target_storage } : {}),
        ...(p.start ? { start: true } : {}),
      }),
    );
    let shown = 30;
    const exit = await followPveLog(db, task, client, p.node, upid, RESTORE_TIMEOUT_MS, async (lines) => {
      const last = lines
        .map(progressIn)
        .filter((n) => n !== undefined)
        .at(-1);
      const next = last === undefined ? shown : 30 + Math.floor((last * 69) / 100);
      if (next > shown) {
        shown = next;
        await setTaskProgress(db, task.id, shown);
      }
    });
    if (!isTaskOk({ status: 'stopped', exitstatus: exit })) {
      await fail(`The restore task ended: ${exit}`);
      return;
    }
    await succeed(`Done: ${p.volid} restored as ${label} ${restoreTo} on ${p.node} (Proxmox task ${upid} ended: ${exit})`, {
      upid,
      vmid: restoreTo,
    });
  } catch (err) {
    await fail((err instanceof AppError ? err : toHostError(err, errorContext(target, settings))).detail);
  } finally {
    await requestHostPoll(db, host.id).catch(() => undefined);
  }
}

export const restoreJob = (deps: JobDeps) =>
  defineTaskJob(RESTORE_JOB_NAME, (taskId) => runRestoreTask(deps, taskId), {
    expireInSeconds: RESTORE_TIMEOUT_MS / 1000 + 60,
    concurrency: 4,
  });
