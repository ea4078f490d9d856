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
