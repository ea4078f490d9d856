/**
 * What the signed-in member may do in the dashboard, from the stored user's `org_role`. Mirrors the
 * server's checks (requireOrgRole): `readonly` only reads; `operator` may also act on guests and sync
 * hosts; `admin` and `owner` may also add and delete hosts. The server stays the authority: this only
 * hides what it would refuse with a 403.
 */
const ROLE_RANK: Readonly<Record<string, number>> = { readonly: 0, operator: 1, admin: 2, owner: 3 };

type MinRole = 'operator' | 'admin';

/**
 * Unknown or missing role (an older stored user, or a role added on the server later): let the server
 * decide, it answers 403 with a detail.
 */
export function hasOrgRole(orgRole: string | undefined, min: MinRole): boolean {
  if (orgRole === undefined) return true;
  return (ROLE_RANK[orgRole] ?? ROLE_RANK.owner!) >= ROLE_RANK[min]!;
}

export interface DashboardPermissions {
  /** Start, stop and restart guests. */
  canActOnGuests: boolean;
  canSyncHosts: boolean;
  /** Add and delete hosts. */
  canManageHosts: boolean;
  /** The member may change nothing at all: the dashboard says so once instead of showing dead buttons. */
  isReadOnly: boolean;
}

export function dashboardPermissions(orgRole: string | undefined): DashboardPermissions {
  const operator = hasOrgRole(orgRole, 'operator');
  return {
    canActOnGuests: operator,
    canSyncHosts: operator,
    canManageHosts: hasOrgRole(orgRole, 'admin'),
    isReadOnly: !operator,
  };
}
