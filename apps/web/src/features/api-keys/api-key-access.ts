import type { ApiKey } from '@proxai/contract';
import { ORG_ROLES, roleAllows, type OrgRole, type Permission } from '@proxai/contract/permissions';
import { allows } from '@/lib/permissions';
import { isPast } from './expiry';

/**
 * What the signed-in person may do with API keys. `held` is the permissions GET /auth/me answers (the server's own
 * reading of the person's role); until it has answered, the stored role read through the map stands in. This only
 * hides what the server would refuse: it stays the authority (403 with a detail).
 */
export interface ApiKeyAccess {
  /** Create keys (and revoke one's own): api_keys.create. */
  canCreate: boolean;
  /** Revoke anyone's key: members.manage. */
  canRevokeAny: boolean;
  /** The person's address, to know their own keys (ApiKey.created_by). */
  email: string | null;
}

export function apiKeyAccess({
  held,
  orgRole,
  email,
}: {
  held: readonly Permission[] | undefined;
  orgRole: string | undefined;
  email: string | null | undefined;
}): ApiKeyAccess {
  const has = (permission: Permission) => (held ? held.includes(permission) : allows(orgRole, permission));
  return { canCreate: has('api_keys.create'), canRevokeAny: has('members.manage'), email: email ?? null };
}

/** A key still working: neither revoked nor expired. */
export const isActive = (key: ApiKey, now = Date.now()) => key.revoked_at === null && !isPast(key.expires_at, now);

/** Whether the person may revoke this key: a working one of their own, or any working one with members.manage. */
export function canRevoke(access: ApiKeyAccess, key: ApiKey, now = Date.now()): boolean {
  if (!isActive(key, now)) return false;
  if (access.canRevokeAny) return true;
  return access.canCreate && access.email !== null && key.created_by?.toLowerCase() === access.email.toLowerCase();
}

/** The roles of the map that may create keys, for the note shown to those who may not. */
export const creatorRoles = (): OrgRole[] => ORG_ROLES.filter((role) => roleAllows(role, 'api_keys.create'));
