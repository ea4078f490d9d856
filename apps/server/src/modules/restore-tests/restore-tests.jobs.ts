import type { JobDeps } from '../../jobs/pve-task';
import { restoreTestRunJob, runRestoreTestTask } from './restore-test.job';
import { POLICY_KIND, restoreTestPolicyJob, runRestoreTestPolicyTask } from './restore-test-policy.job';

/** The restore-test jobs of the catalogue: a single test (POST /api/restore-tests), and policy runs. */
export const restoreTestJobs = (deps: JobDeps) => [restoreTestRunJob(deps), restoreTestPolicyJob(deps)];

/**
 * Resumes a restore-test task whose process died (resumer key `restore-test`): a policy run keeps its children;
 * a test that was running ends failed (interrupted) and its copy is cleaned up; one still queued runs now.
 */
export function resumeRestoreTestTask(deps: JobDeps, taskId: string, kind: string): Promise<boolean> {
  if (kind === POLICY_KIND) return runRestoreTestPolicyTask(deps, taskId);
  return runRestoreTestTask(deps, taskId);
}
