import { allows } from '@/lib/permissions';

/**
 * What the member may do with backups and restore tests, from the stored user's `org_role` and the permission map
 * the server enforces (lib/permissions.ts): every member reads the inventory, the coverage and the tests;
 * `backups.run` backs a guest up now, restores a backup to a new guest and marks guests critical;
 * `backups.restore_over` restores over the original guest; `restore_tests.run` runs restore tests and
 * `restore_tests.exec` adds `exec` probes (a command of the member's choice inside the copy). This only hides what
 * the server would refuse (it answers 403 with a detail).
 */
export interface BackupPermissions {
  canBackUp: boolean;
  canRestore: boolean;
  canRestoreOriginal: boolean;
  canRunRestoreTest: boolean;
  canUseExecProbes: boolean;
  canMarkCritical: boolean;
}

export function backupPermissions(orgRole: string | undefined): BackupPermissions {
  return {
    canBackUp: allows(orgRole, 'backups.run'),
    canRestore: allows(orgRole, 'backups.run'),
    canRestoreOriginal: allows(orgRole, 'backups.restore_over'),
    canRunRestoreTest: allows(orgRole, 'restore_tests.run'),
    canUseExecProbes: allows(orgRole, 'restore_tests.exec'),
    canMarkCritical: allows(orgRole, 'backups.run'),
  };
}
