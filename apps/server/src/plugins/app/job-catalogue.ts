import { bulkActionJob, runBulkActionTask } from '../../modules/guests/bulk-action.job';
import { guestActionJob, runGuestActionTask } from '../../modules/guests/guest-action.job';
import { hostPollJob } from '../../modules/hosts/pollers';
import { resumeSnapshotTask, snapshotJobs } from '../../modules/snapshots/snapshot-jobs';
import { metricsJobs } from '../../modules/metrics/metrics.jobs';
import { collectJobs } from '../../modules/metrics/collect.jobs';
import { alertJobs } from '../../modules/alerts/alerts.jobs';
import { notificationJobs } from '../../modules/notifications/notifications.jobs';
import { backupJobs, resumeBackupTask } from '../../modules/backups/backups.jobs';
import { restoreTestJobs, resumeRestoreTestTask } from '../../modules/restore-tests/restore-tests.jobs';
import type { BackgroundDeps } from '../../jobs/background';
import type { AnyPortalJob } from '../../jobs/job-payloads';
import type { Resumer } from '../../jobs/task-runner';

/** Every job the portal runs (name → payload → handler). A job not listed here cannot be queued. */
type Deps = BackgroundDeps;

export function jobCatalogue(deps: Deps): AnyPortalJob[] {
  return [
    guestActionJob(deps),
    hostPollJob(deps),
    bulkActionJob(deps),
    ...snapshotJobs(deps),
    ...metricsJobs(deps),
    ...collectJobs(deps),
    ...alertJobs(deps),
    ...notificationJobs(deps),
    ...restoreTestJobs(deps),
    ...backupJobs(deps),
  ];
}

/** How each kind of task ('guest.start' → 'guest') resumes after the process running it died. */
export function taskResumers(deps: Deps): Record<string, Resumer> {
  return {
    guest: (taskId) => runGuestActionTask(deps, taskId),
    bulk: (taskId) => runBulkActionTask(deps, taskId),
    snapshot: (taskId, kind) => resumeSnapshotTask(deps, taskId, kind),
    backup: (taskId, kind) => resumeBackupTask(deps, taskId, kind),
    'restore-test': (taskId, kind) => resumeRestoreTestTask(deps, taskId, kind),
  };
}
