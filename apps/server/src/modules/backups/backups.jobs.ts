import { periodic, type BackgroundDeps, type BackgroundLoop } from '../../jobs/background';
import { defineJob, type AnyPortalJob } from '../../jobs/job-payloads';
import { refreshBackupInventory } from './backup-inventory';
import { runBackupNodeTask } from './backup-node.job';
import { backupNowJob, runBackupNowTask } from './backup-now.job';
import { backupPolicyJob, runBackupPolicyTask } from './backup-policy.job';
import { claimDueBackupHosts } from './backup-hosts.repository';
import { restoreJob, runRestoreTask } from './restore.job';

// The backup module's wiring: the inventory's refresh (one job per host when due, handed out by a timer on every
// replica; one replica per host and cycle), policy runs, "Back up now" and restores.

export const BACKUP_INVENTORY_JOB = 'backup-inventory';

/** How often each replica looks for hosts whose inventory is due. */
const DISPATCH_MS = 30_000;
/** The first look after a start. */
const FIRST_DISPATCH_MS = 5_000;
/** Hosts handed out per look. */
const DISPATCH_BATCH = 50;

export function backupJobs(deps: BackgroundDeps): AnyPortalJob[] {
  return [
    defineJob({
      name: BACKUP_INVENTORY_JOB,
      handler: async (data) => {
        await refreshBackupInventory(deps, data.host_id);
      },
      // The next cycle reads it again: a failed refresh is recorded, not retried.
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 15 * 60,
      singletonKey: (data) => data.host_id,
      policy: 'stately',
      concurrency: 4,
    }),
    backupPolicyJob(deps),
    backupNowJob(deps),
    restoreJob(deps),
  ];
}

const inventoryLoop = periodic('backup-inventory', { periodMs: DISPATCH_MS, firstMs: FIRST_DISPATCH_MS }, async (deps, send) => {
  for (const { hostId } of await claimDueBackupHosts(deps.db, new Date(), DISPATCH_BATCH)) {
    await send(BACKUP_INVENTORY_JOB, { host_id: hostId });
  }
});

export const backupLoops: BackgroundLoop[] = [inventoryLoop];

/**
 * Resumes a backup task whose process died, by kind: a policy run, one node of it (also waited for by its resumed
 * run), a "Back up now", a restore. A guest's task of a policy never runs alone: its node task ends it.
 */
export async function resumeBackupTask(deps: BackgroundDeps, taskId: string, kind: string): Promise<boolean> {
  switch (kind) {
    case 'backup.policy':
      return runBackupPolicyTask(deps, taskId);
    case 'backup.node':
      return runBackupNodeTask(deps, taskId);
    case 'backup.now':
      return runBackupNowTask(deps, taskId);
    case 'backup.restore':
      return runRestoreTask(deps, taskId);
    default:
      return false;
  }
}
