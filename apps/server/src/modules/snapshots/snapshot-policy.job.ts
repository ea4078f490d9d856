import { z } from 'zod';
import { SnapshotPolicyParamsSchema } from '@proxai/contract';
import { isTaskOk, type PveClient } from '@proxai/pve-client';
import { AppError } from '../../errors';
import { ensureChildren, guestsOfParent, runGuestChildren, type ChildSpec } from '../../jobs/child-tasks';
import {
  defineTaskJob,
  guestLabel,
  type HostClients,
  INTERRUPTED,
  interruptedWhileSending,
  openTaskTarget,
  sendOnce,
  startPveTask,
  taskEnding,
  type JobDeps,
} from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import type { GuestRow } from '../guests/guests.repository';
import { appendTaskLog, endTask, setTaskProgress, type TaskRow } from '../tasks/tasks.repository';
import { SNAPSHOT_TIMEOUT_MS } from './snapshot-action.job';
import { policySnapshotName, policySnapshotTime, selectSnapshotsToPrune } from './snapshot-prune';

/**
 * A snapshot policy run: the parent task `snapshot.policy` (params: the policy's SnapshotPolicyParams, `guest_ids`
 * and, from a schedule, `schedule_name`) gets one child `snapshot.rotate` per guest, which takes the snapshot
 * `<prefix>-YYYYMMDDhhmmss` (UTC) and then deletes the policy's snapshots its keep rules no longer keep
 * (snapshot-prune.ts). A guest locked by another operation (a backup) is skipped, not failed.
 */

/** A clock for the snapshot names (tests run a policy at chosen times). */
export type PolicyDeps = JobDeps & { now?: () => Date };

const TargetsSchema = z.object({ guest_ids: z.array(z.uuid()), schedule_name: z.string().optional() });

/** What a `snapshot.rotate` child holds: everything it needs, so a resumed child does exactly what it was made to. */
const RotateSchema = z.object({
  snapname: z.string(),
  description: z.string(),
  vmstate: z.boolean(),
  prefix: z.string(),
  keep_last: z.number().int(),
  keep_hourly: z.number().int(),
  keep_daily: z.number().int(),
  keep_weekly: z.number().int(),
});

/** Progress of a child once its snapshot exists (the deletes share the rest). */
const TAKEN = 60;

/**
 * Runs a policy from its parent task alone, whoever made it (a schedule): one child per guest (a guest removed
 * since gets a skipped one), at most 4 at once per host, one client per host (see child-tasks.ts for cancelling
 * and how the parent ends). Resumed after a crash, the parent keeps its children and their snapshot name.
 */
export function runSnapshotPolicyTask(deps: PolicyDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (parent) => runParent(deps, parent));
}

async function runParent(deps: PolicyDeps, parent: TaskRow): Promise<void> {
  const { db } = deps;
  const policy = SnapshotPolicyParamsSchema.safeParse(parent.params);
  const targets = TargetsSchema.safeParse(parent.params);
  if (!policy.success || !targets.success) {
    await endTask(db, parent.id, 'failed', 'The snapshot policy has invalid parameters or no guest list', new Date());
    return;
  }
  const { guest_ids: ids, schedule_name: scheduleName } = targets.data;
  const snapname = policySnapshotName(policy.data.prefix, (deps.now ?? (() => new Date()))());
  const description = scheduleName ? `ProxAI snapshot policy ${scheduleName}` : 'ProxAI snapshot policy';
  const { guests, hosts } = await guestsOfParent(db, parent, ids);
  const { prefix, keep_last, keep_hourly, keep_daily, keep_weekly, vmstate } = policy.data;
  const children = await ensureChildren(db, parent, ids, (id): ChildSpec => {
    const guest = guests.get(id);
    const host = guest && hosts.get(guest.hostId);
    if (!guest || !host) {
      return {
        kind: 'snapshot.rotate',
        params: {},
        firstLine: `Snapshot of guest ${id}`,
        endAt: { status: 'skipped', error: 'The guest no longer exists' },
      };
    }
    const rotate: z.infer<typeof RotateSchema> = {
      snapname,
      description,
      // Only a VM has RAM to save.
      vmstate: vmstate && guest.type === 'qemu',
      prefix,
      keep_last,
      keep_hourly,
      keep_daily,
      keep_weekly,
    };
    return {
      kind: 'snapshot.rotate',
      params: { ...rotate, vmid: guest.vmid, name: guest.name },
      hostId: host.id,
      guestId: guest.id,
      firstLine: `Snapshot ${snapname} of ${guestLabel(guest)} on ${host.name}, then prune (${describeRules(rotate)})`,
    };
  });
  await runGuestChildren(deps, parent, children, guests, (child, clients) => runSnapshotRotateTask(deps, child.id, clients));
}

function describeRules(r: z.infer<typeof RotateSchema>): string {
  const parts = [
    r.keep_last && `last ${r.keep_last}`,
    r.keep_hourly && `hourly ${r.keep_hourly}`,
    r.keep_daily && `daily ${r.keep_daily}`,
    r.keep_weekly && `weekly ${r.keep_weekly}`,
  ].filter(Boolean);
  return `keep ${parts.join(', ')} of ${r.prefix}-*`;
}

/** The lock a PVE error names ('VM is locked (backup)' → 'backup'). */
const lockIn = (text: string): string | undefined => /\bis locked \(([\w-]+)\)/.exec(text)?.[1];

/**
 * One guest of a policy run: takes the snapshot, then prunes. Checks the guest's lock first (status/current):
 * a locked guest (a backup running) is skipped with the reason `locked (backup)`, as is one PVE finds locked
 * when the snapshot starts. No snapshot, no pruning. Resumed after a crash, it follows the snapshot's recorded
 * UPID and any delete in flight, then prunes from the list as it is; one that died while sending the snapshot
 * ends `failed` (interrupted).
 */
export function runSnapshotRotateTask(deps: JobDeps, taskId: string, clients?: HostClients): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) =>
    runRotate(deps, task, clients),
  );
}

async function runRotate(deps: JobDeps, task: TaskRow, clients: HostClients | undefined): Promise<void> {
  const { db } = deps;
  const params = RotateSchema.safeParse(task.params);
  const t = await openTaskTarget(deps, task, clients);
  const { fail, succeed } = taskEnding(db, task, 'vm.snapshot.policy', {
    vmid: t?.guest.vmid ?? task.params.vmid,
    name: t?.guest.name ?? task.params.name,
    host: t?.host.name,
    snapname: task.params.snapname,
  });
  if (!t || !params.success) {
    await t?.close();
    await fail('The guest or its host was removed before the snapshot was taken', 'skipped');
    return;
  }
  const { guest, client } = t;
  const p = params.data;
  // PVE refusing because another task holds the guest (whether it says so at once or when its task ends).
  const failOrSkip = async (detail: string) => {
    const lock = lockIn(detail);
    await fail(lock ? `locked (${lock})` : detail, lock ? 'skipped' : 'failed');
  };
  const [createUpid, ...deleteUpids] = task.upids;
  try {
    if (!createUpid && interruptedWhileSending(task)) {
      await fail(INTERRUPTED);
      return;
    }
    if (!createUpid) {
      const lock = (await client.guestStatus(guest.node, guest.type, guest.vmid)).lock;
      if (lock) {
        await fail(`locked (${lock})`, 'skipped');
        return;
      }
    }
    const { upid } = await sendOnce(
      db,
      task,
      guest.node,
      () =>
        client.createSnapshot(guest.node, guest.type, guest.vmid, {
          snapname: p.snapname,
          description: p.description,
          ...(p.vmstate ? { vmstate: true } : {}),
        }),
      createUpid,
    );
    const created = await client.waitForTask(guest.node, upid, { pollMs: 250, timeoutMs: SNAPSHOT_TIMEOUT_MS });
    if (!isTaskOk(created)) {
      await failOrSkip(created.exitstatus ?? 'The snapshot task failed');
      return;
    }
    await appendTaskLog(db, task.id, `Snapshot ${p.snapname} taken (Proxmox task ${upid} ended: ${created.exitstatus ?? 'OK'})`);
    await setTaskProgress(db, task.id, TAKEN);
    // Deletes a previous run of this task sent: their end first, so the list below is settled.
    for (const sent of deleteUpids) await client.waitForTask(guest.node, sent, { pollMs: 250, timeoutMs: SNAPSHOT_TIMEOUT_MS });
    const errors = await prune(deps, task, guest, client, p, (err) => (err instanceof AppError ? err : t.hostError(err)).detail);
    if (errors.length > 0) {
      await fail(`Snapshot ${p.snapname} taken, but old snapshots could not be deleted: ${errors.join('; ')}`);
      return;
    }
    await succeed(`Done: snapshot ${p.snapname} taken`, { upid });
  } catch (err) {
    await failOrSkip((err instanceof AppError ? err : t.hostError(err)).detail);
  } finally {
    await t.close();
  }
}

/**
 * Deletes the policy's snapshots its rules no longer keep, oldest first, each a PVE task followed to its end
 * and logged; a snapshot another task is working on (snapstate set) is left for the next run. Answers the
 * failures ('auto-20240101000000: <why>'); one failing does not stop the others.
 */
async function prune(
  deps: JobDeps,
  task: TaskRow,
  guest: GuestRow,
  client: PveClient,
  rules: z.infer<typeof RotateSchema>,
  detailOf: (err: unknown) => string,
): Promise<string[]> {
  const { db } = deps;
  const settled = (await client.snapshots(guest.node, guest.type, guest.vmid)).filter(
    (s) => s.name !== 'current' && !s.snapstate,
  );
  const doomed = selectSnapshotsToPrune(settled, rules).reverse();
  const kept = settled
    .filter((s) => policySnapshotTime(s.name, rules.prefix) && !doomed.includes(s.name))
    .map((s) => s.name)
    .sort()
    .reverse();
  await appendTaskLog(
    db,
    task.id,
    `Keeping ${kept.length} snapshots of this policy (${kept.join(', ') || 'none'}); deleting ${doomed.length}${doomed.length ? `: ${doomed.join(', ')}` : ''}`,
  );
  const errors: string[] = [];
  for (const [i, name] of doomed.entries()) {
    try {
      const upid = await startPveTask(db, task.id, guest.node, () =>
        client.deleteSnapshot(guest.node, guest.type, guest.vmid, name),
      );
      const status = await client.waitForTask(guest.node, upid, { pollMs: 250, timeoutMs: SNAPSHOT_TIMEOUT_MS });
      if (!isTaskOk(status)) throw new AppError('host_error', status.exitstatus ?? 'the delete task failed');
      await appendTaskLog(db, task.id, `Deleted ${name}`);
    } catch (err) {
      const why = detailOf(err);
      errors.push(`${name}: ${why}`);
      await appendTaskLog(db, task.id, `Could not delete ${name}: ${why}`);
    }
    await setTaskProgress(db, task.id, TAKEN + Math.floor(((i + 1) * (99 - TAKEN)) / doomed.length));
  }
  return errors;
}

export const SNAPSHOT_POLICY_JOB_NAME = 'snapshot.policy';

/** A policy over 500 guests, four at a time on one host. */
const LONGEST_POLICY_S = 6 * 3600;

/** The catalogue entry: one job per policy run (parent task); its children run inside it. */
export const snapshotPolicyJob = (deps: PolicyDeps) =>
  defineTaskJob(SNAPSHOT_POLICY_JOB_NAME, (taskId) => runSnapshotPolicyTask(deps, taskId), {
    expireInSeconds: LONGEST_POLICY_S,
    concurrency: 4,
  });
