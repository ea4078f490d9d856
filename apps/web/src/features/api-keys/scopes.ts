import { PERMISSIONS, type Permission } from '@proxai/contract/permissions';

// A key's scopes are permissions of the map (@proxai/contract/permissions). The create form offers those the person
// holds, grouped; a permission added to the map must be given a group here (the Record below does not compile
// without it), so it is never silently left out of the form.

export const SCOPE_GROUPS = ['fleet', 'operations', 'backups', 'alerts', 'organisation'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

const GROUP_OF: Readonly<Record<Permission, ScopeGroup>> = {
  'fleet.read': 'fleet',
  'hosts.sync': 'fleet',
  'hosts.manage': 'fleet',
  'metrics.manage': 'fleet',
  'guests.operate': 'operations',
  'tasks.cancel': 'operations',
  'schedules.run': 'operations',
  'schedules.manage': 'operations',
  'backups.run': 'backups',
  'backups.restore_over': 'backups',
  'restore_tests.run': 'backups',
  'restore_tests.exec': 'backups',
  'alerts.respond': 'alerts',
  'alerts.manage': 'alerts',
  'notifications.read': 'alerts',
  'notifications.manage': 'alerts',
  'members.read': 'organisation',
  'members.manage': 'organisation',
  'members.manage_owners': 'organisation',
  'approvals.decide': 'organisation',
  'organisation.security': 'organisation',
  'audit.read': 'organisation',
  'api_keys.create': 'organisation',
};

export interface ScopeGroupOffer {
  group: ScopeGroup;
  permissions: Permission[];
}

/** The permissions `held`, by group, each group and permission in the map's order; groups with none are left out. */
export function offeredScopes(held: readonly Permission[]): ScopeGroupOffer[] {
  const offered = PERMISSIONS.filter((p) => held.includes(p));
  return SCOPE_GROUPS.map((group) => ({ group, permissions: offered.filter((p) => GROUP_OF[p] === group) })).filter(
    (g) => g.permissions.length > 0,
  );
}

export const SCOPE_PRESETS = ['readOnly', 'operate'] as const;
export type ScopePreset = (typeof SCOPE_PRESETS)[number];

/**
 * Read only: sees the fleet. Operate: sees it and acts on it (guests, syncs, tasks, backups, restore tests,
 * schedules, alerts), without managing anything (hosts, rules, members) and without the destructive restores.
 */
const PRESET_SCOPES: Readonly<Record<ScopePreset, readonly Permission[]>> = {
  readOnly: ['fleet.read'],
  operate: [
    'fleet.read',
    'hosts.sync',
    'guests.operate',
    'tasks.cancel',
    'backups.run',
    'restore_tests.run',
    'schedules.run',
    'alerts.respond',
  ],
};

/** A preset's scopes that the person holds, in the map's order (empty: the preset is not offered). */
export function presetScopes(preset: ScopePreset, held: readonly Permission[]): Permission[] {
  return PERMISSIONS.filter((p) => PRESET_SCOPES[preset].includes(p) && held.includes(p));
}

/** Whether two selections hold the same permissions, whatever their order. */
export function sameScopes(a: readonly Permission[], b: readonly Permission[]): boolean {
  return a.length === b.length && a.every((p) => b.includes(p));
}

/** A selection in the map's order (the order the request sends and the list shows). */
export const inMapOrder = (scopes: readonly Permission[]): Permission[] => PERMISSIONS.filter((p) => scopes.includes(p));
