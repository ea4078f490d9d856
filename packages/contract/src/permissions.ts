// The permission map (DESIGN.md §15): which role of an organisation may do what. The server enforces it in one
// authorize(); the web reads the same map to hide what a person may not do. Zod-free, so the web's runtime can
// import it on its own (`@proxai/contract/permissions`).

export const ORG_ROLES = ['owner', 'admin', 'operator', 'readonly'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const PERMISSIONS = [
  /** See the fleet: hosts, guests, stats, tasks, metrics, backups, alerts, schedules, restore tests, advice. */
  'fleet.read',
  'hosts.manage',
  'hosts.sync',
  /** Start, stop, restart guests (one or in bulk), take, roll back and delete snapshots. */
  'guests.operate',
  'tasks.cancel',
  /** Back up now, restore to a new guest, mark guests critical. */
  'backups.run',
  /** Restore over the original guest (it is overwritten). */
  'backups.restore_over',
  'restore_tests.run',
  /** Restore-test probes that run a command of the caller's choice inside the restored copy. */
  'restore_tests.exec',
  'schedules.manage',
  'schedules.run',
  'alerts.manage',
  'alerts.respond',
  'notifications.read',
  'notifications.manage',
  'metrics.manage',
  'members.read',
  /** Invite people, change roles and remove members who are not owners. */
  'members.manage',
  /** Make someone an owner, demote or remove an owner. */
  'members.manage_owners',
  /** The organisation's security policy: second factor required, four-eyes approvals. */
  'organisation.security',
  /** Approve or deny another member's request under the four-eyes policy. */
  'approvals.decide',
  /** Read and export the organisation's audit trail. */
  'audit.read',
  /** Create API keys (never with more than the creator may do), list the organisation's, revoke one's own. */
  'api_keys.create',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READONLY: readonly Permission[] = ['fleet.read', 'notifications.read', 'members.read'];
const OPERATOR: readonly Permission[] = [
  ...READONLY,
  'hosts.sync',
  'guests.operate',
  'tasks.cancel',
  'backups.run',
  'restore_tests.run',
  'schedules.run',
  'alerts.manage',
  'alerts.respond',
  'api_keys.create',
];
const ADMIN: readonly Permission[] = [
  ...OPERATOR,
  'hosts.manage',
  'backups.restore_over',
  'restore_tests.exec',
  'schedules.manage',
  'notifications.manage',
  'metrics.manage',
  'members.manage',
  'approvals.decide',
  'audit.read',
];
const OWNER: readonly Permission[] = [...ADMIN, 'members.manage_owners', 'organisation.security'];

export const ROLE_PERMISSIONS: Readonly<Record<OrgRole, readonly Permission[]>> = {
  owner: OWNER,
  admin: ADMIN,
  operator: OPERATOR,
  readonly: READONLY,
};

/**
 * What the platform role `admin` (vendor staff, no organisation) may do. Licence generation and revocation are
 * here only: an organisation's Admin never has them.
 */
export const PLATFORM_PERMISSIONS = ['licenses.generate', 'licenses.revoke', 'organisations.read', 'audit.read'] as const;
export type PlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];

export function roleAllows(role: OrgRole | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The roles a person with `role` may hand out or take away (owners only by owners). */
export function assignableRoles(role: OrgRole | null | undefined): OrgRole[] {
  if (roleAllows(role, 'members.manage_owners')) return [...ORG_ROLES];
  if (roleAllows(role, 'members.manage')) return ORG_ROLES.filter((r) => r !== 'owner');
  return [];
}

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === 'string' && (ORG_ROLES as readonly string[]).includes(value);
}

/**
 * Sensitive actions an organisation can put under four-eyes approval: the request is held (202
 * `approval_required`) until another member with `approvals.decide` approves it, then runs as its requester.
 */
export const APPROVAL_ACTIONS = [
  'hosts.delete',
  'guests.bulk_stop',
  'backups.restore_over',
  'members.role',
  'members.remove',
] as const;
/** An action an organisation can list for four-eyes approval (its security settings). */
export type ListedApprovalAction = (typeof APPROVAL_ACTIONS)[number];
/**
 * Held for approval whenever the organisation lists any action: archiving its audit trail, the record of every other
 * approval (one owner must not make it disappear from the other admins' view alone).
 */
export const IMPLIED_APPROVAL_ACTIONS = ['audit.archive'] as const;
export const HELD_ACTIONS = [...APPROVAL_ACTIONS, ...IMPLIED_APPROVAL_ACTIONS] as const;
export type ApprovalAction = (typeof HELD_ACTIONS)[number];

/** Whether an organisation that lists `listed` holds `action` for a second member's approval. */
export function holdsAction(listed: readonly string[], action: ApprovalAction): boolean {
  return (IMPLIED_APPROVAL_ACTIONS as readonly string[]).includes(action) ? listed.length > 0 : listed.includes(action);
}
