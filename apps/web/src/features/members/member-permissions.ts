import type { Member } from '@proxai/contract';
import { assignableRoles, isOrgRole, roleAllows, type OrgRole } from '@proxai/contract/permissions';

/**
 * What the signed-in person may do with members, from the stored user's `org_role` and the permission map the
 * server enforces (members.manage; owners only with members.manage_owners). This only hides what the server would
 * refuse: it answers 403 with a detail.
 */
export interface MemberPermissions {
  canManage: boolean;
  /** The roles the person may hand out (empty without members.manage). */
  assignable: OrgRole[];
}

export function memberPermissions(orgRole: string | undefined): MemberPermissions {
  const role = isOrgRole(orgRole) ? orgRole : null;
  return { canManage: roleAllows(role, 'members.manage'), assignable: assignableRoles(role) };
}

/** Whether the person may change this member's role or remove them (an owner only by someone who may make owners). */
export function canEditMember(permissions: MemberPermissions, member: Member): boolean {
  return permissions.canManage && permissions.assignable.includes(member.role);
}
