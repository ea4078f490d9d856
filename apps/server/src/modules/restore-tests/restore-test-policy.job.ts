import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { RestoreTestPolicyParamsSchema } from '@proxai/contract';
import { ensureChildren, guestsOfParent, runGuestChildren, type ChildSpec } from '../../jobs/child-tasks';
import { defineTaskJob, guestLabel, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import type { GuestRow } from '../guests/guests.repository';
import { appendTaskLog, endTask, findTask, listChildren, type TaskRow } from '../tasks/tasks.repository';
import { RUN_KIND, runRestoreTestTask } from './restore-test.job';
import { findRestoreTestByTask, insertRestoreTest, lastPassedAt, updateRestoreTest } from './restore-tests.repository';

/** The job running one occurrence of a restore-test policy (schedule kind `restore-test`). */
export const RESTORE_TEST_POLICY_JOB_NAME = 'restore-test.policy';
export const POLICY_KIND = 'restore-test.policy';

/**
 * A restore-test policy run: the parent task `restore-test.policy` (params: RestoreTestPolicyParams, `guest_ids`
 * from the schedule's selector and `schedule_name`) tests up to `max_guests_per_run` of its guests, those whose
 * last passing test is oldest (or that never passed) first, one child `restore-test.run` each. Tests on one node
 * run one after the other (a node runs one restore test at a time), nodes in parallel. Resumed after a crash,
 * the parent keeps the children it made.
 */

const TargetsSchema = z.object({ guest_ids: z.array(z.uuid()), schedule_name: z.string().optional() });

export function runRestoreTestPolicyTask(deps: JobDeps, taskId: string): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (parent) => runParent(deps, parent));
}

/** The guests a run tests: at most `max`, the oldest last pass (never passed first) first, then in the given order. */
export async function pickGuests(
  deps: JobDeps,
  ids: readonly string[],
  present: ReadonlyMap<string, GuestRow>,
  max: number,
): Promise<string[]> {
  const candidates = ids.filter((id) => present.has(id));
  const passed = await lastPassedAt(deps.db, candidates);
  return [...candidates].sort((a, b) => (passed.get(a)?.getTime() ?? 0) - (passed.get(b)?.getTime() ?? 0)).slice(0, max);
}

async function runParent(deps: JobDeps, parent: TaskRow): Promise<void> {
  const { db } = deps;
  const policy = RestoreTestPolicyParamsSchema.safeParse(parent.params);
  const targets = TargetsSchema.safeParse(parent.params);
  if (!policy.success || !targets.success) {
    await endTask(db, parent.id, 'failed', 'The restore-test policy has invalid parameters or no guest list', new Date());
    return;
  }
  const p = policy.data;
  const made = await listChildren(db, parent.id);
  let keys: string[];
  if (made.length > 0) {
    keys = made.map((c) => String(c.params.guest_id));
  } else {
    const { guests } = await guestsOfParent(db, parent, targets.data.guest_ids);
    keys = await pickGuests(deps, targets.data.guest_ids, guests, p.max_guests_per_run);
    const left = targets.data.guest_ids.length - keys.length;
    await appendTaskLog(
      db,
      parent.id,
      `Testing ${keys.length} of ${targets.data.guest_ids.length} guests${left > 0 ? ` (at most ${p.max_guests_per_run} per run; the others, and removed ones, wait for the next run)` : ''}`,
    );
  }
  const { guests, hosts } = await guestsOfParent(db, parent, keys);
  const children = await ensureChildren(db, parent, keys, (id): ChildSpec => {
    const guest = guests.get(id);
    const host = guest && hosts.get(guest.hostId);
    if (!guest || !host)
      return {
        kind: RUN_KIND,
        params: {},
        firstLine: `Restore test of guest ${id}`,
        endAt: { status: 'skipped', error: 'The guest no longer exists' },
      };
    return {
      kind: RUN_KIND,
      params: {
        restore_test_id: randomUUID(),
        vmid: guest.vmid,
        name: guest.name,
        boot_timeout_seconds: p.boot_timeout_seconds,
        healthy_timeout_seconds: p.healthy_timeout_seconds,
      },
      hostId: host.id,
      guestId: guest.id,
      firstLine: `Restore test of ${guestLabel(guest)} on ${p.target_node ?? guest.node}`,
    };
  });
  // Each child's restore test row (made now, or by a run that died after making the children).
  const nodeOf = new Map<string, string>();
  for (const child of children) {
    const guest = guests.get(String(child.params.guest_id));
    if (!guest || typeof child.params.restore_test_id !== 'string') continue;
    const row =
      (await findRestoreTestByTask(db, child.id)) ??
      (await insertRestoreTest(db, {
        id: child.params.restore_test_id,
        organisationId: parent.organisationId,
        guestId: guest.id,
        hostId: guest.hostId,
        guestName: guest.name,
        guestType: guest.type,
        vmid: guest.vmid,
        targetNode: p.target_node ?? guest.node,
        targetStorage: p.target_storage ?? null,
        probes: p.probes,
        taskId: child.id,
        scheduleId: parent.scheduleId,
      }));
    nodeOf.set(child.id, `${row.hostId}|${row.targetNode}`);
  }
  const inTurn = nodeQueue();
  await runGuestChildren(deps, parent, children, guests, (child, clients) =>
    inTurn(nodeOf.get(child.id) ?? child.id, async () => {
      // Waiting for its node, the child may have outlived a cancel of its parent.
      if ((await findTask(db, parent.organisationId, parent.id))?.cancelRequestedAt) {
        await endTask(db, child.id, 'cancelled', 'Cancelled with its parent task', new Date());
        return true;
      }
      return runRestoreTestTask(deps, child.id, clients);
    }),
  );
  // Children cancelled before they ran leave their test queued: it is skipped, with the reason.
  for (const child of await listChildren(db, parent.id)) {
    if (child.status !== 'cancelled') continue;
    const row = await findRestoreTestByTask(db, child.id);
    if (row?.status === 'queued')
      await updateRestoreTest(db, row.id, { status: 'skipped', reason: 'Cancelled with its policy run', endedAt: new Date() });
  }
}

/** Runs work of one key one at a time, in the order asked (a node's restore tests). */
function nodeQueue(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    tails.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  };
}

/** A policy over 50 guests, one at a time per node, each restore possibly long. */
const LONGEST_POLICY_S = 23 * 3600;

/** The catalogue entry: one job per policy run (parent task); its tests run inside it. */
export const restoreTestPolicyJob = (deps: JobDeps) =>
  defineTaskJob(RESTORE_TEST_POLICY_JOB_NAME, (taskId) => runRestoreTestPolicyTask(deps, taskId), {
    expireInSeconds: LONGEST_POLICY_S,
    concurrency: 2,
  });
