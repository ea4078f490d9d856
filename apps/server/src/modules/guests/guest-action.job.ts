import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isTaskOk, type GuestAction } from '@proxai/pve-client';
import type { VmAction } from '@proxai/contract';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { defineJob } from '../../jobs/job-runtime';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { recordAudit } from '../audit/audit.repository';
import { emitEvent } from '../events/events.repository';
import { fleetChanged } from '../hosts/fleet-cache';
import { requestHostPoll } from '../hosts/hosts.repository';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, createClient, errorContext, targetOf } from '../hosts/pve-connection';
import { toHostError } from '../hosts/pve-errors';
import { secretBoxFor } from '../hosts/secret-box';
import { addUpid, appendTaskLog, endTask, setTaskProgress, type TaskRow } from '../tasks/tasks.repository';
import { findGuestById, updateGuest } from './guests.repository';

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

const PayloadSchema = z.object({ task_id: z.uuid() });

interface Deps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** Progress once the action is about to be sent: from here a resumed task cannot know whether PVE got it. */
const SENDING = 20;

/**
 * Runs a queued guest action: sends it to PVE, records the UPID on the task, follows it to the end and updates
 * the guest from PVE. Runs only while this process holds the task (withClaimedTask), so a job handed out twice
 * runs it once. Resumed after a crash, it follows the recorded UPID instead of sending the action again; a task
 * that died between sending and recording the UPID ends `failed` (interrupted), since PVE may or may not have
 * started it; one that died before sending is sent now.
 */
export async function runGuestActionTask(deps: Deps, taskId: string): Promise<void> {
  await withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) => runClaimed(deps, task));
}

async function runClaimed(deps: Deps, task: TaskRow): Promise<void> {
  const { db } = deps;
  const taskId = task.id;
  const action = task.kind.replace(/^guest\./, '') as VmAction;
  const spec = PVE_ACTION[action];
  const guest = task.guestId ? await findGuestById(db, task.guestId) : undefined;
  const host = task.hostId ? await findHostById(db, task.hostId) : undefined;
  const actor = task.createdBy;
  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    recordAudit(db, {
      action: `vm.${action}`,
      outcome,
      actorId: actor.type === 'user' ? actor.id : null,
      actorEmail: actor.type === 'user' ? actor.name : null,
      organisationId: task.organisationId,
      target: task.guestId,
      details: { vmid: guest?.vmid, name: guest?.name, host: host?.name, task_id: task.id, ...details },
    });
  const fail = async (detail: string) => {
    if (await endTask(db, taskId, 'failed', detail, new Date())) {
      await appendTaskLog(db, taskId, `Failed: ${detail}`);
      await audit('failure', { detail });
    }
  };
  if (!spec || !guest || !host) {
    await fail('The guest or its host was removed before the action ran');
    return;
  }
  let upid = task.upids.at(-1);
  if (!upid && task.progress >= SENDING) {
    await fail('interrupted: the portal stopped while sending the action to Proxmox; check the guest and try again');
    return;
  }
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = createClient(target, settings);
  let shown = guest.state;
  const setGuest = async (values: Parameters<typeof updateGuest>[2]) => {
    await db.transaction(async (tx) => {
      await updateGuest(tx, guest.id, values);
      if (values.state !== undefined && values.state !== shown) {
        await emitEvent(tx, task.organisationId, 'guest.state_changed', {
          guest_id: guest.id,
          host_id: guest.hostId,
          vmid: guest.vmid,
          name: guest.name,
          state: values.state,
          previous: shown,
        });
      }
    });
    if (values.state !== undefined) shown = values.state;
    await fleetChanged(db, task.organisationId);
  };
  const before = (task.params.state_before as string | undefined) ?? guest.state;
  try {
    if (upid) {
      await appendTaskLog(db, taskId, `Resumed after an interruption: following ${upid}`);
    } else {
      await setTaskProgress(db, taskId, SENDING);
      upid = await client.guestAction(guest.node, guest.type, guest.vmid, spec.action, spec.params);
      await addUpid(db, taskId, upid);
      await appendTaskLog(db, taskId, `Proxmox task ${upid} started on ${guest.node}`);
      await setTaskProgress(db, taskId, 30);
      if (action !== 'restart') await setGuest({ state: action === 'stop' ? 'stopping' : 'starting' });
    }
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
    if (await endTask(db, taskId, 'succeeded', null, new Date())) {
      await appendTaskLog(db, taskId, `Proxmox task ${upid} ended: ${status.exitstatus ?? 'OK'}`);
      await audit('success', { upid });
    }
  } catch (err) {
    // Stored texts are English (the task and audit are read later, in any language).
    const stored = err instanceof AppError ? err : toHostError(err, errorContext(target, settings));
    // The request may have failed before PVE changed anything: put back the state we know.
    await setGuest({ state: before }).catch(() => undefined);
    await fail(stored.detail);
  } finally {
    await client.close().catch(() => undefined);
    // The host's next poll comes now rather than at its next cycle: what else the action changed shows at once.
    await requestHostPoll(db, host.id).catch(() => undefined);
  }
}

export const GUEST_ACTION_JOB_NAME = 'guest-action';

/** The catalogue entry: one job per task, never retried after a failure it recorded itself. */
export const guestActionJob = (deps: Deps) =>
  defineJob({
    name: GUEST_ACTION_JOB_NAME,
    payload: PayloadSchema,
    handler: (data) => runGuestActionTask(deps, data.task_id),
    // A crash leaves the job active: once it expires it is handed out again and resumes from the UPID.
    retryLimit: 3,
    retryDelaySeconds: 1,
    expireInSeconds: Math.ceil(ACTION_TIMEOUT_MS / 1000) + 30,
    singletonKey: (data) => data.task_id,
    concurrency: 8,
  });
