import type { StoredUser } from '@/lib/auth-storage';
import { allows } from '@/lib/permissions';

/**
 * Whether the signed-in person may read the audit trail, to hide the page early: a member by their role's
 * `audit.read` (owners and administrators), a platform administrator without an organisation by the platform's
 * (its own chain). The server stays the authority (403 with a detail); no stored user: let it answer.
 */
export function mayReadAudit(user: StoredUser | null): boolean {
  if (!user) return true;
  if (!user.organisation_id) return user.role === 'admin';
  return allows(user.org_role, 'audit.read');
}

/**
 * Whether the signed-in person may archive old records (POST /audit/archive), to show the action only to them: a
 * member by their role's `organisation.security` (owners), a platform administrator without an organisation for the
 * platform's chain. As for reading, the server stays the authority (403 before any second factor is asked).
 */
export function mayArchiveAudit(user: StoredUser | null): boolean {
  if (!user) return true;
  if (!user.organisation_id) return user.role === 'admin';
  return allows(user.org_role, 'organisation.security');
}
