import { z } from 'zod';
import { AppError } from '../../errors';
import {
  defineTaskJob,
  INTERRUPTED,
  interruptedWhileSending,
  NOT_SENT,
  openTaskTarget,
  stoppedLine,
  type JobDeps,
  type TaskTarget,
} from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { hasFeature } from '../licenses/licenses.service';
import { appendTaskLog, stopRequestOf, type TaskRow } from '../tasks/tasks.repository';
import { endGuestBackup, type GuestEnding, type GuestRef } from './backup-outcome';
import { refreshAfterBackup } from './backup-refresh';
import { followVzdump, sendVzdump } from './backup-run';
import { setTaskParams } from './backups.repository';
import { pickBackupStorage, vzdumpParams } from './vzdump';

/**
 * "Back up now" (task `backup.now`): one vzdump of one guest on its node, followed to its end; without a storage
 * given, the first storage of the node that takes backups (a PBS one first when the plan has PBS backups). The
 * new backup is in the inventory when the task ends (its host is read again).
 */

export const BACKUP_NOW_JOB_NAME = 'backup.now';

const ParamsSchema = z.object({
  vmid: z.number().int(),
  name: z.string(),
  storage: z.string().nullable(),
  mode: z.enum(['snapshot', 'suspend', 'stop']),
  compress: z.enum(['zstd', 'gzip', 'lzo', 'none']),
  notes_template: z.string().nullable(),
});

export function runBackupNowTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) => runNow(deps, task));
}

async function runNow(deps: JobDeps, task: TaskRow): Promise<void> {
  const { db } = deps;
  const params = ParamsSchema.safeParse(task.params);
  const t = await openTaskTarget(deps, task);
  const ref: GuestRef = {
    hostId: task.hostId ?? '',
    guestId: task.guestId,
    vmid: t?.guest.vmid ?? Number(task.params.vmid),
    name: t?.guest.name ?? String(task.params.name ?? task.params.vmid),
  };
  if (!t || !params.success) {
    await t?.close();
    await endGuestBackup(db, task, ref, { status: 'skipped', error: 'The guest or its host was removed before the backup ran' });
    return;
  }
  let ending: GuestEnding;
  let sent = false;
  try {
    ending = await attempt(deps, task, t, params.data, () => (sent = true));
  } catch (err) {
    ending = { status: 'failed', error: (err instanceof AppError ? err : t.hostError(err)).detail };
  } finally {
    await t.close();
  }
  // A member asked to stop it: whatever stopping left (an interrupted vzdump, nothing sent), it ends cancelled.
  if (ending.status === 'failed') {
    const request = await stopRequestOf(db, task.id);
    if (request)
      ending = { status: 'cancelled', error: ending.error.startsWith(NOT_SENT) ? ending.error : stoppedLine(request.by) };
  }
  // The inventory first: when the task shows ended, its backup is listed.
  if (sent) await refreshAfterBackup(deps, [t.host]);
  await endGuestBackup(db, task, ref, ending);
}

/** Chooses the storage, sends the vzdump and follows it: answers how the task ends (the caller ends it). */
async function attempt(
  deps: JobDeps,
  task: TaskRow,
  t: TaskTarget,
  p: z.infer<typeof ParamsSchema>,
  onSent: () => void,
): Promise<GuestEnding> {
  const { db } = deps;
  const { guest, client } = t;
  if (interruptedWhileSending(task)) return { status: 'failed', error: INTERRUPTED };
  let storage = p.storage;
  if (!task.upids.at(-1)) {
    const pbsAllowed = await hasFeature(db, task.organisationId, 'pbs_backups');
    const list = await client.storageList(guest.node, { content: 'backup', enabled: true });
    if (!storage) {
      const picked = pickBackupStorage(pbsAllowed ? list : list.filter((s) => s.type !== 'pbs'));
      if (!picked) return { status: 'failed', error: `No storage of ${guest.node} takes backups` };
      storage = picked.storage;
      await setTaskParams(db, task.id, { storage });
      await appendTaskLog(db, task.id, `Storage ${storage} (${picked.type}): the first of ${guest.node} that takes backups`);
    } else if (!pbsAllowed && list.find((s) => s.storage === storage)?.type === 'pbs') {
      return {
        status: 'skipped',
        error: `Storage ${storage} is a Proxmox Backup Server: PBS backups need the Pro plan or higher`,
      };
    }
  }
  if (!storage) throw new AppError('invalid_state', 'The backup task lost its storage');
  const start = await sendVzdump(
    db,
    task,
    client,
    guest.node,
    vzdumpParams([guest.vmid], {
      storage,
      mode: p.mode,
      compress: p.compress,
      notesTemplate: p.notes_template,
      keep: null,
      bwlimitKib: null,
      protected: false,
    }),
  );
  if ('nothingLocal' in start) return { status: 'skipped', error: `Not on ${guest.node} any more (Proxmox answered OK)` };
  onSent();
  const end = await followVzdump(db, task, client, guest.node, start.upid, storage, 1, async () => undefined);
  await appendTaskLog(db, task.id, `Proxmox task ${start.upid} ended: ${end.exitstatus}`);
  const outcome = end.outcomes.get(guest.vmid);
  if (outcome?.state === 'succeeded')
    return { status: 'succeeded', volid: outcome.volid, line: `Backed up${outcome.volid ? ` to ${outcome.volid}` : ''}` };
  if (outcome?.state === 'failed') return { status: 'failed', error: outcome.error };
  return end.exitstatus === 'OK'
    ? { status: 'skipped', error: `Not on ${guest.node} when the backup ran` }
    : { status: 'failed', error: `The backup task ended: ${end.exitstatus}` };
}

/** Longest a single guest's backup is followed (a large VM to a slow storage). */
const LONGEST_BACKUP_S = 12 * 3600;

export const backupNowJob = (deps: JobDeps) =>
  defineTaskJob(BACKUP_NOW_JOB_NAME, (taskId) => runBackupNowTask(deps, taskId), {
    expireInSeconds: LONGEST_BACKUP_S,
    concurrency: 8,
  });
