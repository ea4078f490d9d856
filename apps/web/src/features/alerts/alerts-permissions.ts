/**
 * What the member may do with alerts, from the stored user's `org_role`, as the server decides it: every member
 * reads alerts; operators and above acknowledge and silence them; owners and admins change the rules and the
 * organisation's channels. This only hides what the server would refuse (it answers 403 with a detail).
 */
export interface AlertPermissions {
  canAct: boolean;
  canManage: boolean;
}

export function alertPermissions(orgRole: string | undefined): AlertPermissions {
  return {
    canAct: orgRole !== 'readonly',
    canManage: orgRole !== 'readonly' && orgRole !== 'operator',
  };
}
