// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dashboardPermissions } from './org-role';

describe("dashboardPermissions (the server's permission map)", () => {
  it.each([
    ['readonly', { canActOnGuests: false, canSyncHosts: false, canManageHosts: false, isReadOnly: true }],
    ['operator', { canActOnGuests: true, canSyncHosts: true, canManageHosts: false, isReadOnly: false }],
    ['admin', { canActOnGuests: true, canSyncHosts: true, canManageHosts: true, isReadOnly: false }],
    ['owner', { canActOnGuests: true, canSyncHosts: true, canManageHosts: true, isReadOnly: false }],
  ])('%s', (role, expected) => {
    expect(dashboardPermissions(role)).toEqual(expected);
  });

  it('leaves a missing role to the server (it answers 403 with a detail)', () => {
    expect(dashboardPermissions(undefined).canManageHosts).toBe(true);
  });

  it('offers nothing to a role the map does not know', () => {
    expect(dashboardPermissions('auditor')).toEqual({
      canActOnGuests: false,
      canSyncHosts: false,
      canManageHosts: false,
      isReadOnly: true,
    });
  });
});
