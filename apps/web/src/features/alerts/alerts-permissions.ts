import { allows } from '@/lib/permissions';

/**
 * What the member may do with alerts, from the stored user's `org_role` and the permission map the server enforces
 * (lib/permissions.ts): every member reads alerts and the organisation's channels; `alerts.respond` acknowledges
 * and silences alerts, `alerts.manage` changes the rules, `notifications.manage` the organisation's channels. This
 * only hides what the server would refuse (it answers 403 with a detail).
 */
export interface AlertPermissions {
  /** Acknowledge and silence alerts. */
  canAct: boolean;
  /** Change the alert rules. */
  canManage: boolean;
  /** Add, change and delete the organisation's notification channels. */
  canManageChannels: boolean;
}

export function alertPermissions(orgRole: string | undefined): AlertPermissions {
  return {
    canAct: allows(orgRole, 'alerts.respond'),
    canManage: allows(orgRole, 'alerts.manage'),
    canManageChannels: allows(orgRole, 'notifications.manage'),
  };
}
