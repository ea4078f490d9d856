// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { alertPermissions } from './alerts-permissions';

describe('alertPermissions (the server permission map)', () => {
  it('operators respond to alerts and change the rules; only owners and admins manage the channels', () => {
    expect(alertPermissions('owner')).toEqual({ canAct: true, canManage: true, canManageChannels: true });
    expect(alertPermissions('admin')).toEqual({ canAct: true, canManage: true, canManageChannels: true });
    expect(alertPermissions('operator')).toEqual({ canAct: true, canManage: true, canManageChannels: false });
    expect(alertPermissions('readonly')).toEqual({ canAct: false, canManage: false, canManageChannels: false });
  });

  it('a missing role asks the server; an unknown one is offered nothing', () => {
    expect(alertPermissions(undefined)).toEqual({ canAct: true, canManage: true, canManageChannels: true });
    expect(alertPermissions('auditor')).toEqual({ canAct: false, canManage: false, canManageChannels: false });
  });
});
