/**
 * What the member may do with backups and restore tests, from the stored user's `org_role`, as the server decides
 * it: every member reads the inventory, the coverage and the tests; operators and above back a guest up now, restore
 * a backup to a new guest, run restore tests and mark guests critical; owners and admins also restore over the
 * original guest and run `exec` probes (a command of their choice inside the copy). An unknown or missing role lets
 * the server decide (it answers 403 with a detail). This only hides what would be refused.
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
  const operator = orgRole !== 'readonly';
  const admin = operator && orgRole !== 'operator';
  return {
    canBackUp: operator,
    canRestore: operator,
    canRestoreOriginal: admin,
    canRunRestoreTest: operator,
    canUseExecProbes: admin,
    canMarkCritical: operator,
  };
}
