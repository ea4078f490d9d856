import { and, arrayOverlaps, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, tasks } from '../../db/schema';

/** A guest's host and tags (gone guests too: a key must not learn of those outside its scope either). */
export async function guestPlacement(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ hostId: guests.hostId, tags: guests.tags })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), eq(guests.id, id)))
    .limit(1);
  return row;
}

export async function guestPlacements(db: Db, organisationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: guests.id, hostId: guests.hostId, tags: guests.tags })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), inArray(guests.id, [...ids])));
}

/** The hosts holding at least one present guest that carries one of `tags`. */
export async function hostsWithTaggedGuests(db: Db, organisationId: string, tags: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ hostId: guests.hostId })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt), arrayOverlaps(guests.tags, [...tags])));
  return new Set(rows.map((r) => r.hostId));
}

export async function taskPlacement(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ hostId: tasks.hostId, guestId: tasks.guestId, createdBy: tasks.createdBy })
    .from(tasks)
    .where(and(eq(tasks.organisationId, organisationId), eq(tasks.id, id)))
    .limit(1);
  return row;
}
