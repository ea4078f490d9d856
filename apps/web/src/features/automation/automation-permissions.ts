/**
 * What the member may do on /automation, from the stored user's `org_role`, as the server decides it: every member
 * reads schedules and windows; owners and admins change them; operators may also run a schedule now. An unknown
 * or missing role lets the server decide (it answers 403 with a detail). This only hides what would be refused.
 */
export interface AutomationPermissions {
  /** Create, change, turn on or off and delete schedules and windows. */
  canManage: boolean;
  /** Run a schedule now. */
  canRun: boolean;
}

export function automationPermissions(orgRole: string | undefined): AutomationPermissions {
  return {
    canManage: orgRole !== 'readonly' && orgRole !== 'operator',
    canRun: orgRole !== 'readonly',
  };
}
