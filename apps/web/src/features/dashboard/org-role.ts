import { allows } from '@/lib/permissions';

/**
 * What the signed-in member may do in the dashboard, from the stored user's `org_role` and the permission map the
 * server enforces (lib/permissions.ts): `guests.operate` acts on guests, `hosts.sync` syncs hosts, `hosts.manage`
 * adds, edits and deletes hosts. The server stays the authority: this only hides what it would refuse with a 403.
 */
export interface DashboardPermissions {
  /** Start, stop and restart guests. */
  canActOnGuests: boolean;
  canSyncHosts: boolean;
  /** Add, edit and delete hosts (and accept a host's new certificate). */
  canManageHosts: boolean;
  /** The member may change nothing at all: the dashboard says so once instead of showing dead buttons. */
  isReadOnly: boolean;
}

export function dashboardPermissions(orgRole: string | undefined): DashboardPermissions {
  const canActOnGuests = allows(orgRole, 'guests.operate');
  const canSyncHosts = allows(orgRole, 'hosts.sync');
  const canManageHosts = allows(orgRole, 'hosts.manage');
  return {
    canActOnGuests,
    canSyncHosts,
    canManageHosts,
    isReadOnly: !canActOnGuests && !canSyncHosts && !canManageHosts,
  };
}
