import { roleAllows, type Permission } from '@proxai/contract/permissions';
import type { Db } from '../../db/client';
import { authorize } from '../../access/authorize';
import { findApiKeyWithCreator } from '../api-keys/api-keys.repository';
import { findMembership } from '../teams/teams.repository';
import type { ScheduleRow } from './schedules.repository';
import { type AuthUser } from '../../kernel/principal';

// A schedule acts later on its maker's behalf: what it will do is authorised where it is made, changed and run now
// (as the routes of that act would: a key without guests.operate cannot stop guests through a schedule it makes),
// and again at each occurrence, against its maker's (or key's) rights at that moment.

/** The permissions a schedule's runs use, as their own routes ask them. */
export function permissionsOfSchedule(schedule: { kind: string; params: unknown }): Permission[] {
  switch (schedule.kind) {
    case 'snapshot':
    case 'guest_action':
      return ['guests.operate'];
    case 'backup':
      return ['backups.run'];
    case 'restore-test': {
      const probes = (schedule.params as { probes?: { type?: unknown }[] } | null)?.probes ?? [];
      // An exec probe runs a command inside a restored guest: POST /api/restore-tests asks restore_tests.exec too.
      return probes.some((p) => p.type === 'exec') ? ['restore_tests.run', 'restore_tests.exec'] : ['restore_tests.run'];
    }
    default:
      return [];
  }
}

/** 403 unless the principal may do what the schedule will do. */
export function authorizeSchedule(user: AuthUser, schedule: { kind: string; params: unknown }): void {
  for (const permission of permissionsOfSchedule(schedule)) authorize(user, permission);
}

/**
 * Why the schedule's maker may no longer have it run (English, stored in the skipped task), or undefined: a person
 * who left or whose role lost a permission it needs; a key revoked, expired, whose creator left, or whose scopes or
 * creator's role no longer include it.
 */
export async function makerRefusal(db: Db, schedule: ScheduleRow, now: Date): Promise<string | undefined> {
  const by = schedule.createdBy;
  const needed = permissionsOfSchedule(schedule);
  if (by.type === 'user') {
    const membership = by.id ? await findMembership(db, by.id, schedule.organisationId) : undefined;
    if (!membership) return `Its creator (${by.name}) is no longer a member of the organisation`;
    const missing = needed.find((p) => !roleAllows(membership.role, p));
    return missing ? `Its creator (${by.name}, ${membership.role}) no longer has the permission ${missing}` : undefined;
  }
  if (by.type === 'api_key') {
    const row = by.id ? await findApiKeyWithCreator(db, by.id) : undefined;
    const key = `The API key that made it (${by.name})`;
    if (!row) return `${key} no longer exists`;
    if (row.key.revokedAt) return `${key} was revoked`;
    if (row.key.expiresAt.getTime() <= now.getTime()) return `${key} has expired`;
    if (!row.creator || !row.role) return `${key} was revoked: its creator left the organisation`;
    const missing = needed.find((p) => !row.key.scopes.includes(p) || !roleAllows(row.role, p));
    return missing ? `${key} no longer has the permission ${missing}` : undefined;
  }
  return undefined;
}
