import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, hosts } from '../../db/schema';
import { lastBackupAt } from '../backups/backups.repository';

export async function fleetRows(db: Db, organisationId: string) {
  const hostRows = await db
    .select({
      id: hosts.id,
      name: hosts.name,
      status: hosts.status,
      lastError: hosts.lastError,
      pveVersion: hosts.pveVersion,
      facts: hosts.facts,
    })
    .from(hosts)
    .where(eq(hosts.organisationId, organisationId))
    .orderBy(asc(hosts.name));
  const guestRows = await db
    .select({
      name: guests.name,
      vmid: guests.vmid,
      state: guests.state,
      hostId: guests.hostId,
      tags: guests.tags,
      // Read from the backup inventory, as the coverage does: the advice counts the same guests it lists.
      lastBackupAt: lastBackupAt(),
    })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt)))
    .orderBy(asc(guests.vmid));
  return { hostRows, guestRows };
}
