import type { JobDeps } from '../../jobs/pve-task';
import { runSnapshotTask, snapshotActionJob } from './snapshot-action.job';
import { runSnapshotPolicyTask, runSnapshotRotateTask, snapshotPolicyJob } from './snapshot-policy.job';

/** The snapshot jobs of the catalogue: a person's snapshot tasks, and policy runs. */
export const snapshotJobs = (deps: JobDeps) => [snapshotActionJob(deps), snapshotPolicyJob(deps)];

/**
 * Resumes a snapshot task whose process died, by kind: a policy run (`snapshot.policy`), one guest of it
 * (`snapshot.rotate`, also waited for by its resumed parent), or a person's create, rollback or delete.
 */
export function resumeSnapshotTask(deps: JobDeps, taskId: string, kind: string): Promise<boolean> {
  if (kind === 'snapshot.policy') return runSnapshotPolicyTask(deps, taskId);
  if (kind === 'snapshot.rotate') return runSnapshotRotateTask(deps, taskId);
  return runSnapshotTask(deps, taskId);
}
