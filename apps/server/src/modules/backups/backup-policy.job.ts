import { z } from 'zod';
import { BackupPolicyParamsSchema, isTaskDone, type BackupPolicyParams } from '@proxai/contract';
import { guestsOfParent } from '../../jobs/child-tasks';
import { defineTaskJob, guestLabel, HostClients, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import type { GuestRow } from '../guests/guests.repository';
import type { HostRow } from '../hosts/hosts.repository';
import { hasFeature } from '../licenses/licenses.service';
import {
  appendTaskLog,
  endTask,
  findTask,
  insertTask,
  listChildren,
  setTaskProgress,
  type TaskRow,
} from '../tasks/tasks.repository';
import { NodeParamsSchema, runBackupNodeTask, type NodeParams } from './backup-node.job';
import { refreshAfterBackup } from './backup-refresh';
import { storageTypeOf } from './storage-type';
import { pruneBackups } from './vzdump';

/**
 * A backup policy run (schedule kind `backup`): the scheduler makes the parent task `backup.policy` (params: the
 * policy's BackupPolicyParams, `guest_ids`, `schedule_name`) and queues this job. The guests are grouped by node:
 * one child `backup.node` per node sends ONE vzdump for its guests, whose own tasks (`backup.guest`) are its
 * children, ended from the PVE task's log (backup-node.job.ts). Nodes run side by side. A policy writing to a PBS
 * storage, or with keep rules, needs the plan's `pbs_backups`: without it the run is skipped with the reason.
 */

/** The job running one occurrence of a backup policy (schedule kind `backup`): vzdump per node. */
export const BACKUP_POLICY_JOB_NAME = 'backup.policy';

const TargetsSchema = z.object({ guest_ids: z.array(z.uuid()), schedule_name: z.string().optional() });

/** Nodes backed up at once by one run. */
const NODE_CONCURRENCY = 16;
/** How often a node task another process holds (a resumed one) is looked at until it ends. */
const HELD_POLL_MS = 500;

export function runBackupPolicyTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (parent) => runParent(deps, parent));
}

async function runParent(deps: JobDeps, parent: TaskRow): Promise<void> {
  const { db } = deps;
  const policy = BackupPolicyParamsSchema.safeParse(parent.params);
  const targets = TargetsSchema.safeParse(parent.params);
  if (!policy.success || !targets.success) {
    await endTask(db, parent.id, 'failed', 'The backup policy has invalid parameters or no guest list', new Date());
    return;
  }
  const { guests, hosts } = await guestsOfParent(db, parent, targets.data.guest_ids);
  let children = await listChildren(db, parent.id);
  if (children.length === 0) {
    const refusal = await planRefusal(deps, parent.organisationId, policy.data, [...hosts.values()]);
    if (refusal) {
      await endTask(db, parent.id, 'skipped', refusal, new Date(), undefined, [`Skipped: ${refusal}`]);
      return;
    }
    children = await makeChildren(deps, parent, targets.data.guest_ids, guests, hosts, policy.data);
  }
  const nodes = children.filter((c) => c.kind === 'backup.node');
  const clients = new HostClients(deps);
  try {
    let done = nodes.filter((n) => isTaskDone(n.status)).length;
    await setTaskProgress(db, parent.id, nodes.length ? Math.floor((done * 100) / nodes.length) : 100);
    await inLanes(nodes, NODE_CONCURRENCY, async (node) => {
      await runNodeChild(deps, parent, node, clients);
      done++;
      const ended = await findTask(db, parent.organisationId, node.id);
      if (ended && ended.status !== 'succeeded')
        await appendTaskLog(db, parent.id, `${nodeLabel(ended, hosts)}: ${ended.status}, ${ended.error ?? 'no reason given'}`);
      await setTaskProgress(db, parent.id, Math.floor((done * 100) / nodes.length));
    });
  } finally {
    await clients.close();
  }
  // The inventory first: when the run shows ended, its backups are listed.
  await refreshAfterBackup(
    deps,
    [...new Set(nodes.map((n) => n.hostId))].flatMap((id) => (id && hosts.get(id)) || []),
  );
  await endParent(deps, parent);
}

/** Why the plan does not allow this policy to run (English, stored in the task), or undefined. */
async function planRefusal(
  deps: JobDeps,
  organisationId: string,
  p: BackupPolicyParams,
  hosts: readonly HostRow[],
): Promise<string | undefined> {
  if (await hasFeature(deps.db, organisationId, 'pbs_backups')) return undefined;
  const keep = pruneBackups(p);
  if (keep)
    return `Keeping backups (${keep}) needs PBS backups with retention, in the Pro plan or higher; this organisation's plan does not include it`;
  if ((await storageTypeOf(deps, organisationId, p.storage, hosts)) === 'pbs')
    return `Storage ${p.storage} is a Proxmox Backup Server: PBS backups need the Pro plan or higher; this organisation's plan does not include them`;
  return undefined;
}

/**
 * The run's children, made on its first run in one transaction (a resumed run keeps them): per node, a
 * `backup.node` task and one `backup.guest` task per guest under it; a guest removed since is a skipped guest task
 * of the run itself.
 */
async function makeChildren(
  deps: JobDeps,
  parent: TaskRow,
  ids: readonly string[],
  guests: ReadonlyMap<string, GuestRow>,
  hosts: ReadonlyMap<string, HostRow>,
  p: BackupPolicyParams,
): Promise<TaskRow[]> {
  const groups = new Map<string, { host: HostRow; node: string; guests: GuestRow[] }>();
  const gone: string[] = [];
  for (const id of ids) {
    const g = guests.get(id);
    const host = g && hosts.get(g.hostId);
    if (!g || !host) {
      gone.push(id);
      continue;
    }
    const key = `${host.id}/${g.node}`;
    const group = groups.get(key) ?? { host, node: g.node, guests: [] };
    group.guests.push(g);
    groups.set(key, group);
  }
  const common = { organisationId: parent.organisationId, createdBy: parent.createdBy };
  await deps.db.transaction(async (tx) => {
    for (const id of gone) {
      await insertTask(
        tx,
        {
          ...common,
          kind: 'backup.guest',
          parentId: parent.id,
          params: { guest_id: id },
          status: 'skipped',
          error: 'The guest no longer exists',
          endedAt: new Date(),
        },
        `Backup of guest ${id}: skipped, the guest no longer exists`,
      );
    }
    for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      const list = group.guests.sort((a, b) => a.vmid - b.vmid);
      const params: NodeParams = {
        node: group.node,
        node_key: key,
        storage: p.storage,
        mode: p.mode,
        compress: p.compress,
        notes_template: p.notes_template || null,
        keep_last: p.keep_last,
        keep_daily: p.keep_daily,
        keep_weekly: p.keep_weekly,
        keep_monthly: p.keep_monthly,
        bwlimit_kib: p.bwlimit_kib,
        protected: p.protected,
      };
      NodeParamsSchema.parse(params);
      const nodeTask = await insertTask(
        tx,
        {
          ...common,
          kind: 'backup.node',
          parentId: parent.id,
          hostId: group.host.id,
          params: { ...params, vmids: list.map((g) => g.vmid) },
        },
        `Back up ${list.length === 1 ? '1 guest' : `${list.length} guests`} on ${group.node} to ${p.storage} (${p.mode}, ${p.compress}${pruneBackups(p) ? `, ${pruneBackups(p)}` : ''})`,
      );
      for (const g of list) {
        await insertTask(
          tx,
          {
            ...common,
            kind: 'backup.guest',
            parentId: nodeTask.id,
            hostId: group.host.id,
            guestId: g.id,
            params: { guest_id: g.id, vmid: g.vmid, name: g.name, node: group.node },
          },
          `Back up ${guestLabel(g)} on ${group.node} to ${p.storage}`,
        );
      }
    }
  });
  return listChildren(deps.db, parent.id);
}

/**
 * Runs a node task unless a cancel of the run came first (then it and its guests are cancelled); waits for one
 * another process holds (resumed after a crash) until it ends.
 */
async function runNodeChild(deps: JobDeps, parent: TaskRow, node: TaskRow, clients: HostClients): Promise<void> {
  const { db } = deps;
  for (;;) {
    const row = await findTask(db, parent.organisationId, node.id);
    if (!row || isTaskDone(row.status)) return;
    const cancelAsked = (await findTask(db, parent.organisationId, parent.id))?.cancelRequestedAt != null;
    if (cancelAsked && row.status === 'queued') {
      await endTask(db, node.id, 'cancelled', 'Cancelled with its parent task', new Date());
      return;
    }
    if (await runBackupNodeTask(deps, node.id, clients)) {
      const after = await findTask(db, parent.organisationId, node.id);
      if (after && !isTaskDone(after.status))
        await endTask(db, node.id, 'failed', 'The task stopped without an outcome', new Date());
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, HELD_POLL_MS));
  }
}

/**
 * Ends the run from its guests' outcomes: guests of a node task that never ran (cancelled) are cancelled too; the
 * run is `cancelled` when a cancel left guests not backed up, else `failed` when a guest failed ("2 of 20 guests
 * failed"), else `succeeded`. Its summary counts guests, not nodes.
 */
async function endParent(deps: JobDeps, parent: TaskRow): Promise<void> {
  const { db } = deps;
  const children = await listChildren(db, parent.id);
  const guestTasks: TaskRow[] = children.filter((c) => c.kind === 'backup.guest');
  for (const node of children.filter((c) => c.kind === 'backup.node')) {
    for (const g of await listChildren(db, node.id)) {
      if (!isTaskDone(g.status)) await endTask(db, g.id, 'cancelled', 'Cancelled with its parent task', new Date());
    }
    guestTasks.push(...(await listChildren(db, node.id)));
  }
  const count = (s: TaskRow['status']) => guestTasks.filter((g) => g.status === s).length;
  const summary = { succeeded: count('succeeded'), failed: count('failed'), skipped: count('skipped') };
  const counts = `${summary.succeeded} backed up, ${summary.failed} failed, ${summary.skipped} skipped`;
  const cancelled = count('cancelled');
  const failures = summary.failed ? `${summary.failed} of ${guestTasks.length} guests failed` : null;
  const cancelAsked = (await findTask(db, parent.organisationId, parent.id))?.cancelRequestedAt != null;
  if (cancelAsked && cancelled > 0) {
    const error = [`Cancelled: ${cancelled} of ${guestTasks.length} guests were not backed up`, failures]
      .filter(Boolean)
      .join('; ');
    await endTask(db, parent.id, 'cancelled', error, new Date(), summary, [`Cancelled: ${counts}, ${cancelled} cancelled`]);
    return;
  }
  if (failures) {
    await endTask(db, parent.id, 'failed', failures, new Date(), summary, [`Failed: ${counts}`]);
    return;
  }
  await endTask(db, parent.id, 'succeeded', null, new Date(), summary, [`Done: ${counts}`]);
}

const nodeLabel = (t: TaskRow, hosts: ReadonlyMap<string, HostRow>) =>
  `Node ${String(t.params.node)}${t.hostId && hosts.get(t.hostId) ? ` (${hosts.get(t.hostId)!.name})` : ''}`;

/** Runs `work` over `items`, at most `limit` at once. */
async function inLanes<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A run over hundreds of guests: vzdump takes minutes per guest, nodes side by side. */
const LONGEST_POLICY_S = 12 * 3600;

/** The catalogue entry: one job per policy run (parent task); its node tasks run inside it. */
export const backupPolicyJob = (deps: JobDeps) =>
  defineTaskJob(BACKUP_POLICY_JOB_NAME, (taskId) => runBackupPolicyTask(deps, taskId), {
    expireInSeconds: LONGEST_POLICY_S,
    concurrency: 4,
  });
