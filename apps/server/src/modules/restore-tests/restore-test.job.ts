import { endTask, type TaskRow } from '../tasks/tasks.repository';
import { defineTaskJob, openTaskTarget, type HostClients, type JobDeps } from '../../jobs/pve-task';
import { taskTiming, withClaimedTask } from '../../jobs/task-runner';
import { requestHostPoll } from '../hosts/hosts.repository';
import { RestoreTestRun, RunParamsSchema } from './restore-test-run';
import { findRestoreTestByTask } from './restore-tests.repository';

/**
 * The task of one restore test (`restore-test.run`, its row in restore_tests; the steps in restore-test-run.ts):
 * queued by POST /api/restore-tests, or a child of a policy run. A test found running when its task is claimed
 * lost its process: it ends failed (interrupted), its copy cleaned up.
 */

export const RUN_KIND = 'restore-test.run';
export const RESTORE_TEST_RUN_JOB_NAME = 'restore-test.run';

export function runRestoreTestTask(deps: JobDeps, taskId: string, clients?: HostClients): Promise<boolean> {
  return withClaimedTask(deps.db, taskId, taskTiming(deps.config.TASK_HEARTBEAT_SECONDS), (task) =>
    runClaimed(deps, task, clients),
  );
}

async function runClaimed(deps: JobDeps, task: TaskRow, clients: HostClients | undefined): Promise<void> {
  const row = await findRestoreTestByTask(deps.db, task.id);
  if (!row) {
    await endTask(deps.db, task.id, 'failed', 'The restore test of this task does not exist', new Date());
    return;
  }
  const params = RunParamsSchema.safeParse(task.params);
  const t = await openTaskTarget(deps, task, clients);
  const run = new RestoreTestRun(
    deps,
    task,
    row,
    t,
    params.success ? params.data : RunParamsSchema.parse({ restore_test_id: row.id }),
  );
  try {
    if (row.status === 'passed' || row.status === 'failed' || row.status === 'skipped')
      await run.endTaskAs(row.status, row.reason);
    else if (!t)
      await run.finish(
        row.status === 'running' ? 'failed' : 'skipped',
        'The guest or its host was removed before the restore test could run (or be cleaned up)',
      );
    else if (row.status === 'running') await run.resume();
    else await run.fresh();
  } finally {
    await t?.close();
    if (t) await requestHostPoll(deps.db, t.host.id).catch(() => undefined);
  }
}

/** A restore, a boot and a cleanup: a large VM's restore alone may take hours. */
const LONGEST_RUN_S = 8 * 3600;

/** The catalogue entry of a single restore test (POST /api/restore-tests); a policy runs its tests inside its own job. */
export const restoreTestRunJob = (deps: JobDeps) =>
  defineTaskJob(RESTORE_TEST_RUN_JOB_NAME, (taskId) => runRestoreTestTask(deps, taskId), {
    expireInSeconds: LONGEST_RUN_S,
    concurrency: 4,
  });
