import { describe, expect, it } from 'vitest';
import { dashboardPermissions, hasOrgRole } from './org-role';

describe('dashboardPermissions (mirrors the server: readonly < operator < admin < owner)', () => {
  it.each([
    ['readonly', { canActOnGuests: false, canSyncHosts: false, canManageHosts: false, isReadOnly: true }],
    ['operator', { canActOnGuests: true, canSyncHosts: true, canManageHosts: false, isReadOnly: false }],
    ['admin', { canActOnGuests: true, canSyncHosts: true, canManageHosts: true, isReadOnly: false }],
    ['owner', { canActOnGuests: true, canSyncHosts: true, canManageHosts: true, isReadOnly: false }],
  ])('%s', (role, expected) => {
    expect(dashboardPermissions(role)).toEqual(expected);
  });

  it('leaves an unknown or missing role to the server (it answers 403 with a detail)', () => {
    expect(dashboardPermissions(undefined).canManageHosts).toBe(true);
    expect(hasOrgRole('auditor', 'admin')).toBe(true);
  });
});
