import { isTaskOk, type GuestAction } from '@proxai/pve-client';
import type { VmAction } from '@proxai/contract';
import { AppError } from '../../errors';
import {
  defineTaskJob,
  INTERRUPTED,
  interruptedWhileSending,
  openTaskTarget,
  sendOnce,
  taskEnding,
  type HostClients,
  type JobDeps,
} from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { requestHostPoll } from '../hosts/hosts.repository';
import type { TaskRow } from '../tasks/tasks.repository';
import { guestStateWriter } from './guest-state';

/** PVE endpoint per portal action; stop is a graceful shutdown that PVE forces after 60 s. */
export const PVE_ACTION: Record<
  VmAction,
  { action: GuestAction; params?: Record<string, number>; endState: 'running' | 'stopped' }
> = {
  start: { action: 'start', endState: 'running' },
  stop: { action: 'shutdown', params: { forceStop: 1, timeout: 60 }, endState: 'stopped' },
  restart: { action: 'reboot', endState: 'running' },
};
const SHUTDOWN_GRACE_S = 60;
/** Longest a guest action may take end to end (the forced stop included). */
const ACTION_TIMEOUT_MS = (SHUTDOWN_GRACE_S + 30) * 1000;

/**
 * Runs a queued guest action: sends it to PVE, records the UPID on the task, follows it to the end and updates
 * the guest from PVE. Runs only while this process holds the task (withClaimedTask), so a job handed out twice
 * runs it once. Resumed after a crash, it follows the recorded UPID instead of sending the action again; a task
 * that died between sending and recording the UPID ends `failed` (interrupted), since PVE may or may not have
 * started it; one that died before sending is sent now. A bulk action runs its children through this too, with
 * one shared client per host (`clients`). Answers false when another process holds the task or it had ended.
 */
export function runGuestActionTask(deps: JobDeps, taskId: string, clients?: HostClients): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) =>
    runClaimed(deps, task, clients),
  );
}

async function runClaimed(deps: JobDeps, task: TaskRow, clients: HostClients | undefined): Promise<void> {
  const { db } = deps;
  const action = task.kind.replace(/^guest\./, '') as VmAction;
  const spec = PVE_ACTION[action];
  const t = await openTaskTarget(deps, task, clients);
  const { fail, succeed } = taskEnding(db, task, `vm.${action}`, {
    vmid: t?.guest.vmid ?? task.params.vmid,
    name: t?.guest.name ?? task.params.name,
    host: t?.host.name,
  });
  if (!spec || !t) {
    await fail('The guest or its host was removed before the action ran');
    return;
  }
  const { guest, client } = t;
  if (interruptedWhileSending(task)) {
    await t.close();
    await fail(INTERRUPTED);
    return;
  }
  const setGuest = guestStateWriter(db, guest);
  const before = (task.params.state_before as string | undefined) ?? guest.state;
  try {
    const { upid, sent } = await sendOnce(db, task, guest.node, () =>
      client.guestAction(guest.node, guest.type, guest.vmid, spec.action, spec.params),
    );
    if (sent && action !== 'restart') await setGuest({ state: action === 'stop' ? 'stopping' : 'starting' });
    const status = await client.waitForTask(guest.node, upid, { pollMs: 250, timeoutMs: ACTION_TIMEOUT_MS });
    const ok = isTaskOk(status);
    const current = await client.guestStatus(guest.node, guest.type, guest.vmid).catch(() => null);
    await setGuest({
      state: current?.status ?? (ok ? spec.endState : before),
      uptime: current?.status === 'running' ? Math.round(current.uptime ?? 0) : 0,
    });
    if (!ok) {
      await fail(status.exitstatus ?? `The ${action} task failed`);
      return;
    }
    await succeed(`Proxmox task ${upid} ended: ${status.exitstatus ?? 'OK'}`, { upid });
  } catch (err) {
    // Stored texts are English (the task and audit are read later, in any language).
    const stored = err instanceof AppError ? err : t.hostError(err);
    // The request may have failed before PVE changed anything: put back the state we know.
    await setGuest({ state: before }).catch(() => undefined);
    await fail(stored.detail);
  } finally {
    await t.close();
    // The host's next poll comes now rather than at its next cycle: what else the action changed shows at once.
    await requestHostPoll(db, t.host.id).catch(() => undefined);
  }
}

export const GUEST_ACTION_JOB_NAME = 'guest-action';

/** The catalogue entry: one job per task; a crash leaves it active, and once it expires it resumes from the UPID. */
export const guestActionJob = (deps: JobDeps) =>
  defineTaskJob(GUEST_ACTION_JOB_NAME, (taskId) => runGuestActionTask(deps, taskId), {
    expireInSeconds: Math.ceil(ACTION_TIMEOUT_MS / 1000) + 30,
    concurrency: 8,
  });
