// @vitest-environment node
import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { describe, expect, it } from 'vitest';
import { apiKeyAccess, canRevoke, creatorRoles, isActive } from './api-key-access';
import { ADA_KEY, EXPIRED_KEY, GRACE_KEY, REVOKED_KEY } from './testing/api-keys-api';

const NOW = Date.parse('2026-11-28T00:00:00.000Z');

describe('apiKeyAccess', () => {
  it("reads the server's permissions when it has answered, else the stored role through the map", () => {
    expect(apiKeyAccess({ held: ['fleet.read'], orgRole: 'owner', email: 'a@x' })).toEqual({
      canCreate: false,
      canRevokeAny: false,
      email: 'a@x',
    });
    expect(apiKeyAccess({ held: undefined, orgRole: 'operator', email: null })).toMatchObject({
      canCreate: true,
      canRevokeAny: false,
    });
    expect(apiKeyAccess({ held: [...ROLE_PERMISSIONS.admin], orgRole: 'readonly', email: null })).toMatchObject({
      canCreate: true,
      canRevokeAny: true,
    });
  });

  it('lets one revoke a working key of their own, or any working key with members.manage', () => {
    const operator = apiKeyAccess({ held: [...ROLE_PERMISSIONS.operator], orgRole: 'operator', email: 'ADA@example.org' });
    expect(canRevoke(operator, ADA_KEY, NOW)).toBe(true);
    expect(canRevoke(operator, GRACE_KEY, NOW)).toBe(false);
    const admin = apiKeyAccess({ held: [...ROLE_PERMISSIONS.admin], orgRole: 'admin', email: 'ada@example.org' });
    expect(canRevoke(admin, GRACE_KEY, NOW)).toBe(true);
    expect(canRevoke(admin, REVOKED_KEY, NOW)).toBe(false);
    expect(canRevoke(admin, EXPIRED_KEY, NOW)).toBe(false);
    expect([isActive(ADA_KEY, NOW), isActive(REVOKED_KEY, NOW), isActive(EXPIRED_KEY, NOW)]).toEqual([true, false, false]);
  });

  it('names the roles of the map that may create keys', () => {
    expect(creatorRoles()).toEqual(['owner', 'admin', 'operator']);
  });
});
