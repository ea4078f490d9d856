// @vitest-environment node
import type { HostPrivileges } from '@proxai/contract';
import { describe, expect, it } from 'vitest';
import { grantCommands, missingPrivileges } from './grant-commands';

const PRIVILEGES: HostPrivileges = {
  checked_at: '2026-03-01T10:15:00.000Z',
  features: [
    { feature: 'inventory', ok: false, privileges: [{ path: '/nodes/pve', privilege: 'Sys.Audit', granted: false }] },
    { feature: 'updates', ok: false, privileges: [{ path: '/nodes/pve', privilege: 'Sys.Audit', granted: false }] },
    { feature: 'snapshots', ok: true, privileges: [{ path: '/vms', privilege: 'VM.Snapshot', granted: true }] },
  ],
};

describe('grantCommands', () => {
  it('lists each missing privilege once', () => {
    expect(missingPrivileges(PRIVILEGES)).toEqual([{ path: '/nodes/pve', privilege: 'Sys.Audit' }]);
  });

  it("grants a role to the host's user when it signs in with a password", () => {
    expect(grantCommands({ user: 'portal@pve', auth_type: 'password', token_name: null }, missingPrivileges(PRIVILEGES))).toEqual(
      ['pveum role add ProxAI --privs "Sys.Audit"', "pveum acl modify /nodes/pve --users 'portal@pve' --roles ProxAI"],
    );
  });

  it('says nothing when nothing is missing', () => {
    expect(grantCommands({ user: 'root@pam', auth_type: 'token', token_name: 'portal' }, [])).toEqual([]);
  });
});
