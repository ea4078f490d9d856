import { PLATFORM_PERMISSIONS, roleAllows, type Permission, type PlatformPermission } from '@proxai/contract/permissions';
import { AppError, errorText } from '../errors';
import { type AuthUser } from '../kernel/principal';

/**
 * Who asks: a person's session (a user), an API key (an AuthUser carrying `apiKey`: its creator's identity and
 * role today, and the key's scopes), or the server itself running a job (system).
 */
export type Principal = AuthUser | { kind: 'system' };

const isSystem = (p: Principal): p is { kind: 'system' } => 'kind' in p && p.kind === 'system';

/** Whether the principal may do this in the organisation its session acts in (the one permission map decides). */
export function allows(principal: Principal, permission: Permission): boolean {
  if (isSystem(principal)) return true;
  if (principal.organisationId === null || !roleAllows(principal.orgRole, permission)) return false;
  // A key's rights: its scopes intersected with its creator's permissions today.
  return !principal.apiKey || principal.apiKey.scopes.includes(permission);
}

/** Whether a platform administrator (vendor staff) asks: licences and organisations are theirs alone. */
export function allowsPlatform(principal: Principal, permission: PlatformPermission): boolean {
  if (isSystem(principal)) return true;
  if (principal.apiKey) return false;
  return principal.role === 'admin' && (PLATFORM_PERMISSIONS as readonly string[]).includes(permission);
}

/** The one decision: 403 `forbidden` unless the principal may (see ROLE_PERMISSIONS in the contract). */
export function authorize(principal: Principal, permission: Permission): void {
  if (allows(principal, permission)) return;
  if (!isSystem(principal) && principal.organisationId === null) {
    throw new AppError('forbidden', errorText('access.noOrganisation'));
  }
  if (!isSystem(principal) && principal.apiKey && roleAllows(principal.orgRole, permission)) {
    throw new AppError('forbidden', errorText('access.keyScopes', { permission }));
  }
  const role = isSystem(principal) ? 'system' : principal.orgRole;
  throw new AppError('forbidden', errorText('access.role', { role, permission }));
}

export function authorizePlatform(principal: Principal, permission: PlatformPermission): void {
  if (!allowsPlatform(principal, permission)) throw new AppError('forbidden', errorText('access.platformOnly'));
}
