import { z } from 'zod';
import { isTaskDone } from '@proxai/contract';
import { isPveError, type PveClient } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { HostClients, INTERRUPTED, interruptedWhileSending, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { findHostById } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { appendTaskLog, endTask, listChildren, type TaskRow } from '../tasks/tasks.repository';
import { endGuestBackup, type GuestEnding } from './backup-outcome';
import { followVzdump, sendVzdump, type VzdumpStart } from './backup-run';
import { vzdumpParams, type VzdumpRequest } from './vzdump';

/**
 * One node of a backup policy run (task `backup.node`, a child of `backup.policy`): ONE vzdump call for the
 * selected guests on the node, whose guests are its children (`backup.guest`, ended from the PVE task's log as it
 * grows). PVE's answers: a UPID (each guest's `Finished Backup of VM` or `ERROR: Backup of VM 100 failed - …`,
 * the task ending `job errors` when one failed), or `OK` when none of the guests is on the node any more (they
 * moved): those are skipped with the reason. Resumed after a crash, it follows its recorded UPID.
 */

export const NodeParamsSchema = z.object({
  node: z.string(),
  /** `<host id>/<node>`: which node child this is (a resumed parent finds it). */
  node_key: z.string(),
  storage: z.string(),
  mode: z.enum(['snapshot', 'suspend', 'stop']),
  compress: z.enum(['zstd', 'gzip', 'lzo', 'none']),
  notes_template: z.string().nullable(),
  keep_last: z.number().int(),
  keep_daily: z.number().int(),
  keep_weekly: z.number().int(),
  keep_monthly: z.number().int(),
  bwlimit_kib: z.number().int().nullable(),
  protected: z.boolean(),
});
export type NodeParams = z.infer<typeof NodeParamsSchema>;

export const requestOf = (p: NodeParams): VzdumpRequest => ({
  storage: p.storage,
  mode: p.mode,
  compress: p.compress,
  notesTemplate: p.notes_template,
  keep: p,
  bwlimitKib: p.bwlimit_kib,
  protected: p.protected,
});

export function runBackupNodeTask(deps: JobDeps, taskId: string, clients?: HostClients): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), async (task) => {
    const own = clients ? undefined : new HostClients(deps);
    try {
      await runNode(deps, task, clients ?? own!);
    } finally {
      await own?.close();
    }
  });
}

/** Words for a guest vzdump passed over: it is on another node of the cluster now. */
const notOnNode = (node: string) =>
  `Not on ${node} when the backup ran (it moved to another node since the last poll); the next run backs it up there`;

/** vzdump refuses the whole call when a listed vmid exists nowhere: `unable to find configuration file for VM 101, 102 …`. */
function missingVmids(err: unknown): number[] {
  const text = isPveError(err) ? (err.serverMessage ?? '') : '';
  const m = /unable to find configuration file for VM ([\d,\s]+)/.exec(text);
  return m
    ? m[1]!
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number)
    : [];
}

async function runNode(deps: JobDeps, task: TaskRow, clients: HostClients): Promise<void> {
  const { db } = deps;
  const params = NodeParamsSchema.safeParse(task.params);
  const host = task.hostId ? await findHostById(db, task.hostId) : undefined;
  const guests = await listChildren(db, task.id);
  const pending = () => guests.filter((g) => !isTaskDone(g.status));
  const endAll = async (ending: Extract<GuestEnding, { status: 'failed' | 'skipped' }>, list = pending()) => {
    for (const g of list) await endGuestBackup(db, g, refOf(g), ending);
  };
  if (!host || !params.success) {
    await endAll({ status: 'skipped', error: 'The host was removed before the backup ran' });
    await endTask(db, task.id, 'skipped', 'The host was removed before the backup ran', new Date());
    return;
  }
  const p = params.data;
  const node = p.node;
  const client = clients.get(host);
  const hostError = (err: unknown) =>
    err instanceof AppError
      ? err
      : toHostError(err, errorContext(targetOf(host, secretBoxFor(deps.config, deps.log)), connectSettings(deps.config)));
  if (interruptedWhileSending(task)) {
    await endAll({ status: 'failed', error: INTERRUPTED });
    await endNode(deps, task, guests, INTERRUPTED);
    return;
  }
  let start: VzdumpStart;
  try {
    start = await send(deps, task, client, node, guests, p, endAll);
  } catch (err) {
    const detail = hostError(err).detail;
    await endAll({ status: 'failed', error: detail });
    await endNode(deps, task, guests, detail);
    return;
  }
  if ('nothingLocal' in start) {
    await appendTaskLog(db, task.id, `Proxmox answered OK: none of these guests is on ${node}`);
    await endAll({ status: 'skipped', error: notOnNode(node) });
    await endTask(
      db,
      task.id,
      'skipped',
      `No selected guest was on ${node} when the backup ran (Proxmox answered OK)`,
      new Date(),
    );
    return;
  }
  const byVmid = new Map(guests.map((g) => [g.params.vmid as number, g]));
  try {
    const end = await followVzdump(db, task, client, node, start.upid, p.storage, guests.length, async (vmid, outcome) => {
      const g = byVmid.get(vmid);
      if (!g || outcome.state === 'started') return;
      await endGuestBackup(
        db,
        g,
        refOf(g),
        outcome.state === 'succeeded'
          ? { status: 'succeeded', volid: outcome.volid, line: `Backed up${outcome.volid ? ` to ${outcome.volid}` : ''}` }
          : { status: 'failed', error: outcome.error },
      );
    });
    await appendTaskLog(db, task.id, `Proxmox task ${start.upid} ended: ${end.exitstatus}`);
    // A guest the log never names was not on the node; any other end of the task (stopped, storage gone) failed it.
    const clean = end.exitstatus === 'OK' || end.exitstatus === 'job errors';
    const left = (await listChildren(db, task.id)).filter((g) => !isTaskDone(g.status));
    await endAll(
      clean
        ? { status: 'skipped', error: notOnNode(node) }
        : { status: 'failed', error: `The backup task ended: ${end.exitstatus}` },
      left,
    );
    await endNode(deps, task, guests, clean ? null : end.exitstatus);
  } catch (err) {
    const detail = hostError(err).detail;
    await endAll(
      { status: 'failed', error: detail },
      (await listChildren(db, task.id)).filter((g) => !isTaskDone(g.status)),
    );
    await endNode(deps, task, guests, detail);
  }
}

/**
 * Sends the call for the guests not ended yet. A vmid PVE finds nowhere (removed since the run was planned) fails
 * the whole call: those guests are skipped and the call is sent once more without them.
 */
async function send(
  deps: JobDeps,
  task: TaskRow,
  client: PveClient,
  node: string,
  guests: readonly TaskRow[],
  p: NodeParams,
  endAll: (ending: Extract<GuestEnding, { status: 'skipped' }>, list?: TaskRow[]) => Promise<void>,
): Promise<VzdumpStart> {
  let left = guests.filter((g) => !isTaskDone(g.status));
  for (let attempt = 0; ; attempt++) {
    const vmids = left.map((g) => g.params.vmid as number);
    try {
      return await sendVzdump(deps.db, task, client, node, vzdumpParams(vmids, requestOf(p)));
    } catch (err) {
      const missing = missingVmids(err);
      const gone = left.filter((g) => missing.includes(g.params.vmid as number));
      if (attempt > 0 || gone.length === 0) throw err;
      await endAll({ status: 'skipped', error: 'The guest no longer exists' }, gone);
      left = left.filter((g) => !gone.includes(g));
      if (left.length === 0) return { nothingLocal: true };
    }
  }
}

const refOf = (g: TaskRow) => ({
  hostId: g.hostId ?? '',
  guestId: g.guestId,
  vmid: g.params.vmid as number,
  name: String(g.params.name ?? g.params.vmid),
});

/** The node task's end from its guests: failed when one failed (or `error` is set), else succeeded. */
async function endNode(deps: JobDeps, task: TaskRow, guests: readonly TaskRow[], error: string | null): Promise<void> {
  const { db } = deps;
  const now = await listChildren(db, task.id);
  const count = (s: TaskRow['status']) => now.filter((g) => g.status === s).length;
  const summary = { succeeded: count('succeeded'), failed: count('failed'), skipped: count('skipped') };
  const counts = `${summary.succeeded} backed up, ${summary.failed} failed, ${summary.skipped} skipped`;
  if (error || summary.failed > 0) {
    const detail = error ?? `${summary.failed} of ${guests.length} guests failed`;
    await endTask(db, task.id, 'failed', detail, new Date(), summary, [`Failed: ${counts}`]);
    return;
  }
  await endTask(db, task.id, 'succeeded', null, new Date(), summary, [`Done: ${counts}`]);
}
