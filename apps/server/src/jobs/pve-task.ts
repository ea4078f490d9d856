import type { FastifyBaseLogger } from 'fastify';
import { isPveError, parseUpid, type PveClient } from '@proxai/pve-client';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findGuestById, type GuestRow } from '../modules/guests/guests.repository';
import { findHostById, type HostRow } from '../modules/hosts/hosts.repository';
import { connectSettings, createClient, errorContext, targetOf } from '../modules/pve/pve-connection';
import { toHostError } from '../modules/pve/pve-errors';
import { secretBoxFor } from '../modules/pve/secret-box';
import { recordAudit } from '../modules/audit/audit.repository';
import { addUpid, appendTaskLog, endTask, setTaskProgress, stopRequestOf, type TaskRow } from '../modules/tasks/tasks.repository';
import { defineJob, type TaskJobName } from './job-payloads';

/**
 * What the jobs that drive Proxmox tasks share (guest actions, snapshots, bulk actions): the task's guest and
 * host with a client, sending a PVE task once and recording its UPID so that a resumed task follows it instead
 * of sending it again.
 */

export interface JobDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** Progress once the call that starts a PVE task is about to be sent: from here a resumed task cannot know whether PVE got it. */
export const SENDING = 20;

/** The error of a task that died between sending its PVE task and recording the UPID. */
export const INTERRUPTED = 'interrupted: the portal stopped while sending the action to Proxmox; check the guest and try again';

/** True when the task died while sending (see SENDING): PVE may or may not have started it, so it is not sent again. */
export const interruptedWhileSending = (task: TaskRow): boolean => !task.upids.at(-1) && task.progress >= SENDING;

/**
 * One PVE client per host for the length of a parent task: its children share it, so a password host logs in
 * once rather than once per guest. The parent closes them at its end.
 */
export class HostClients {
  private readonly clients = new Map<string, PveClient>();

  constructor(private readonly deps: JobDeps) {}

  get(host: HostRow): PveClient {
    let client = this.clients.get(host.id);
    if (!client) {
      client = createClient(targetOf(host, secretBoxFor(this.deps.config, this.deps.log)), connectSettings(this.deps.config));
      this.clients.set(host.id, client);
    }
    return client;
  }

  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((c) => c.close().catch(() => undefined)));
  }
}

export interface TaskTarget {
  guest: GuestRow;
  host: HostRow;
  client: PveClient;
  /** What a PVE call threw, as a catalogue error whose detail is English (tasks and audit are stored texts). */
  hostError(err: unknown): AppError;
  /** Closes the client unless it is shared (HostClients). */
  close(): Promise<void>;
}

/**
 * The client each task's job in this process talks to its host with (openTaskTarget), by task id: a stop asked
 * while the PVE call was being sent is sent with it once the UPID is recorded (startPveTask).
 */
const jobClients = new Map<string, PveClient>();

/** The task's guest and host with a client for the host (the shared one when `clients` is given); undefined when either was removed. */
export async function openTaskTarget(deps: JobDeps, task: TaskRow, clients?: HostClients): Promise<TaskTarget | undefined> {
  const guest = task.guestId ? await findGuestById(deps.db, task.guestId) : undefined;
  const host = task.hostId ? await findHostById(deps.db, task.hostId) : undefined;
  if (!guest || !host) return undefined;
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = clients ? clients.get(host) : createClient(target, settings);
  jobClients.set(task.id, client);
  return {
    guest,
    host,
    client,
    hostError: (err) => toHostError(err, errorContext(target, settings)),
    close: async () => {
      jobClients.delete(task.id);
      if (!clients) await client.close().catch(() => undefined);
    },
  };
}

/** How the error of a task cancelled before its PVE call was sent begins. */
export const NOT_SENT = 'Cancelled by ';

/** The portal's words for a task stopped on its host at a user's request (its error and last log line). */
export const stoppedLine = (email: string): string => `Stopped on the host at the request of ${email}`;

/**
 * Stops a running PVE task with `client` (DELETE /nodes/{node}/tasks/{upid}, on the node the UPID names).
 * Answers PVE's refusal in words, or undefined when the stop was accepted.
 */
export async function stopOnHost(client: PveClient, upid: string, fallbackNode: string): Promise<string | undefined> {
  try {
    await client.stopTask(parseUpid(upid)?.node ?? fallbackNode, upid);
    return undefined;
  } catch (err) {
    if (!isPveError(err)) return err instanceof Error ? err.message : String(err);
    const fields = Object.values(err.errors ?? {}).join('; ');
    return err.serverMessage ?? (fields || err.message);
  }
}

/** Sends a call that starts a PVE task, records its UPID on the task (a resumed task follows it) and logs it. */
export async function startPveTask(db: Db, taskId: string, node: string, send: () => Promise<string>): Promise<string> {
  const upid = await send();
  await addUpid(db, taskId, upid);
  await appendTaskLog(db, taskId, `Proxmox task ${upid} started on ${node}`);
  // A stop asked while the call was on its way could not name the PVE task: it is sent now that it can.
  const client = jobClients.get(taskId);
  const request = client ? await stopRequestOf(db, taskId) : undefined;
  if (client && request) {
    const refused = await stopOnHost(client, upid, node);
    await appendTaskLog(
      db,
      taskId,
      refused ? `Could not stop ${upid} on the host: ${refused}` : `Stopping ${upid} on the host, as ${request.by} asked`,
    );
  }
  return upid;
}

/**
 * Sends the task's PVE call once. A resumed task with a recorded UPID (`recorded`) follows it instead, and logs
 * so; otherwise the progress moves to SENDING, the call is sent and its UPID recorded (startPveTask), then to 30.
 * Callers first end a task that died while sending (interruptedWhileSending). `sent`: the call was sent now.
 */
export async function sendOnce(
  db: Db,
  task: TaskRow,
  node: string,
  send: () => Promise<string>,
  recorded = task.upids.at(-1),
): Promise<{ upid: string; sent: boolean }> {
  if (recorded) {
    await appendTaskLog(db, task.id, `Resumed after an interruption: following ${recorded}`);
    return { upid: recorded, sent: false };
  }
  // Asked to stop before anything reached the host: nothing is sent (the job's ending makes it `cancelled`).
  const request = await stopRequestOf(db, task.id);
  if (request) throw new AppError('invalid_state', `${NOT_SENT}${request.by} before it was sent to Proxmox`);
  await setTaskProgress(db, task.id, SENDING);
  const upid = await startPveTask(db, task.id, node, send);
  await setTaskProgress(db, task.id, 30);
  return { upid, sent: true };
}

/**
 * A catalogue entry whose payload is one task's id, run by `run`. A crash leaves the job active: the task
 * recovery resumes the task first, and when pg-boss hands the job out again (retries) the task runner makes that
 * run a resume or nothing (withClaimedTask).
 */
export const defineTaskJob = (
  name: TaskJobName,
  run: (taskId: string) => Promise<unknown>,
  opts: { expireInSeconds: number; concurrency: number },
) =>
  defineJob({
    name,
    handler: async (data) => {
      await run(data.task_id);
    },
    retryLimit: 3,
    retryDelaySeconds: 1,
    expireInSeconds: opts.expireInSeconds,
    singletonKey: (data) => data.task_id,
    concurrency: opts.concurrency,
  });

/** How a guest is named in task logs and errors: 'VM 101 (web)', 'CT 102 (db)'. */
export const guestLabel = (guest: Pick<GuestRow, 'type' | 'vmid' | 'name'>): string =>
  `${guest.type === 'qemu' ? 'VM' : 'CT'} ${guest.vmid} (${guest.name})`;

export interface TaskEnding {
  /** Ends the task succeeded, logs `line` and records the audit event. */
  succeed: (line: string, details?: Record<string, unknown>) => Promise<void>;
  /** Ends the task failed (audited) or skipped (only logged) with `detail`. */
  fail: (detail: string, status?: 'failed' | 'skipped') => Promise<void>;
}

/**
 * How a task that changes a guest ends: once (a task already ended, e.g. cancelled, is left as it is), with its
 * last log line and an audit event `action` carrying `details` and the task id.
 */
export function taskEnding(db: Db, task: TaskRow, action: string, details: Record<string, unknown>): TaskEnding {
  const actor = task.createdBy;
  const audit = (outcome: 'success' | 'failure', more: Record<string, unknown>) =>
    recordAudit(db, {
      action,
      outcome,
      actor: { type: actor.type, id: actor.id, name: actor.name },
      organisationId: task.organisationId,
      target: task.guestId,
      details: { ...details, task_id: task.id, ...more },
    });
  return {
    succeed: async (line, more = {}) => {
      if (!(await endTask(db, task.id, 'succeeded', null, new Date(), undefined, [line]))) return;
      await audit('success', more);
    },
    fail: async (detail, status = 'failed') => {
      // A task its user asked to stop ends `cancelled`, whatever error stopping it left (a parent keeps its own ending).
      const request = Array.isArray(task.params.guest_ids) ? undefined : await stopRequestOf(db, task.id);
      if (request) {
        const line = detail.startsWith(NOT_SENT) ? detail : stoppedLine(request.by);
        const lines = line !== detail ? [`Proxmox task ended: ${detail}`, line] : [line];
        if (!(await endTask(db, task.id, 'cancelled', line, new Date(), undefined, lines))) return;
        await audit('failure', { detail: line });
        return;
      }
      const last = `${status === 'failed' ? 'Failed' : 'Skipped'}: ${detail}`;
      if (!(await endTask(db, task.id, status, detail, new Date(), undefined, [last]))) return;
      if (status === 'failed') await audit('failure', { detail });
    },
  };
}
