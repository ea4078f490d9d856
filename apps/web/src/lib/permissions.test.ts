import { ORG_ROLES, PERMISSIONS, ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { allows, can } from './permissions';

function storeUser(orgRole?: string) {
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', role: 'user', organisation_id: 'o', org_role: orgRole }),
  );
}

describe('allows', () => {
  it("follows the server's permission map for every role and permission", () => {
    for (const role of ORG_ROLES) {
      for (const permission of PERMISSIONS) {
        expect(allows(role, permission), `${role} ${permission}`).toBe(ROLE_PERMISSIONS[role].includes(permission));
      }
    }
  });

  it('gives a role the map does not know nothing', () => {
    expect(PERMISSIONS.some((p) => allows('auditor', p))).toBe(false);
    expect(allows('', 'fleet.read')).toBe(false);
  });

  it('leaves a missing role to the server (a stored user from before org_role)', () => {
    expect(allows(undefined, 'hosts.manage')).toBe(true);
    expect(allows(null, 'members.manage_owners')).toBe(true);
  });
});

describe('can', () => {
  it("reads the stored user's org_role", () => {
    storeUser('operator');
    expect(can('guests.operate')).toBe(true);
    expect(can('hosts.sync')).toBe(true);
    expect(can('hosts.manage')).toBe(false);
    expect(can('backups.restore_over')).toBe(false);
    storeUser('readonly');
    expect(can('fleet.read')).toBe(true);
    expect(can('tasks.cancel')).toBe(false);
    storeUser('owner');
    expect(can('organisation.security')).toBe(true);
  });

  it('takes a role given instead of the stored one', () => {
    storeUser('owner');
    expect(can('metrics.manage', 'operator')).toBe(false);
    expect(can('metrics.manage', 'admin')).toBe(true);
  });

  it('without a stored user or role: the server decides', () => {
    expect(can('hosts.manage')).toBe(true);
    storeUser(undefined);
    expect(can('schedules.manage')).toBe(true);
    storeUser('auditor');
    expect(can('fleet.read')).toBe(false);
  });
});
