// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backupPermissions } from './backups-permissions';

const all = (value: boolean) => ({
  canBackUp: value,
  canRestore: value,
  canRestoreOriginal: value,
  canRunRestoreTest: value,
  canUseExecProbes: value,
  canMarkCritical: value,
});

describe('backupPermissions (the server permission map)', () => {
  it('owners and admins do everything; operators all but restoring over the original and exec probes', () => {
    expect(backupPermissions('owner')).toEqual(all(true));
    expect(backupPermissions('admin')).toEqual(all(true));
    expect(backupPermissions('operator')).toEqual({ ...all(true), canRestoreOriginal: false, canUseExecProbes: false });
    expect(backupPermissions('readonly')).toEqual(all(false));
  });

  it('a missing role asks the server; an unknown one is offered nothing', () => {
    expect(backupPermissions(undefined)).toEqual(all(true));
    expect(backupPermissions('auditor')).toEqual(all(false));
  });
});
