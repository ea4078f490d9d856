import { allows } from '@/lib/permissions';

/**
 * What the member may do on /automation, from the stored user's `org_role` and the permission map the server
 * enforces (lib/permissions.ts): every member reads schedules and windows; `schedules.manage` changes them,
 * `schedules.run` runs a schedule now. This only hides what the server would refuse (it answers 403 with a detail).
 */
export interface AutomationPermissions {
  /** Create, change, turn on or off and delete schedules and windows. */
  canManage: boolean;
  /** Run a schedule now. */
  canRun: boolean;
}

export function automationPermissions(orgRole: string | undefined): AutomationPermissions {
  return {
    canManage: allows(orgRole, 'schedules.manage'),
    canRun: allows(orgRole, 'schedules.run'),
  };
}
