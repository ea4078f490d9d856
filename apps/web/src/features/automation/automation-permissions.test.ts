// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { automationPermissions } from './automation-permissions';

describe('automationPermissions', () => {
  it('owners and admins manage; operators only run; read-only members only read; a missing role asks the server', () => {
    expect(automationPermissions('owner')).toEqual({ canManage: true, canRun: true });
    expect(automationPermissions('admin')).toEqual({ canManage: true, canRun: true });
    expect(automationPermissions('operator')).toEqual({ canManage: false, canRun: true });
    expect(automationPermissions('readonly')).toEqual({ canManage: false, canRun: false });
    expect(automationPermissions(undefined)).toEqual({ canManage: true, canRun: true });
    expect(automationPermissions('auditor')).toEqual({ canManage: false, canRun: false });
  });
});
