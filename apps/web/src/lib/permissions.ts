import { isOrgRole, roleAllows, type Permission } from '@proxai/contract/permissions';
import { getStoredUser } from './auth-storage';

export type { Permission } from '@proxai/contract/permissions';

/**
 * Whether a member of `orgRole` may do `permission`, by the map the server enforces (`@proxai/contract/permissions`).
 * The web only hides what the server would refuse (403 with a detail); the server stays the authority.
 *
 * - A role of the map: what the map says.
 * - A role the map does not know (a tampered store, or a role a newer server added): nothing. Hiding is the safe
 *   side, and the map is shared with the server, so a known role never disagrees with it.
 * - No role at all (`undefined` or `null`): allowed, as dashboard/org-role.ts always did. Only a stored user from
 *   before `org_role` existed (signed in with an older build) has none, and every answer of the server carries it
 *   since; hiding everything from that person until they sign in again would look like a broken app, while the
 *   server still refuses what their role may not do. The tests of the features store users without a role and
 *   expect the buttons, for the same reason.
 */
export function allows(orgRole: string | null | undefined, permission: Permission): boolean {
  if (orgRole === undefined || orgRole === null) return true;
  return isOrgRole(orgRole) && roleAllows(orgRole, permission);
}

/**
 * Whether the signed-in person may do `permission`: by the stored user's `org_role`, or by `orgRole` when one is
 * given (`undefined` reads the stored user, as any omitted default parameter).
 */
export function can(permission: Permission, orgRole: string | null | undefined = getStoredUser()?.org_role): boolean {
  return allows(orgRole, permission);
}
