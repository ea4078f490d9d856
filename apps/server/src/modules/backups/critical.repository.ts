import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guestFlags, guests } from '../../db/schema';

/**
 * Critical guests: marked so in the portal (guest_flags), or carrying the Proxmox tag `critical` (any case). Other
 * modules ask here (restore tests: "a critical guest without a passing test in 30 days").
 */

/** The Proxmox tag that makes a guest critical. */
export const CRITICAL_TAG = 'critical';

// Qualified by hand: drizzle writes a column of a one-table select bare, which a subquery would read as its own.
const GUEST_ID = sql.raw('"guests"."id"');
const GUEST_TAGS = sql.raw('"guests"."tags"');

/**
 * An SQL condition true when the guest of `guestId` with `tags` is critical, for a where clause of a query over
 * guests: `criticalCondition()` (the guests table's own columns), or other expressions naming them.
 */
export function criticalCondition(guestId: SQL = GUEST_ID, tags: SQL = GUEST_TAGS): SQL {
  return sql`(exists (select 1 from ${guestFlags} f where f.guest_id = ${guestId} and f.critical)
    or exists (select 1 from unnest(${tags}) t where lower(t) = ${CRITICAL_TAG}))`;
}

/** Of `guestIds`, those that are critical. */
export async function isCritical(db: Db, guestIds: readonly string[]): Promise<Set<string>> {
  if (guestIds.length === 0) return new Set();
  const rows = await db
    .select({ id: guests.id })
    .from(guests)
    .where(and(inArray(guests.id, [...guestIds]), criticalCondition()));
  return new Set(rows.map((r) => r.id));
}

/** The organisation's critical guests still on their host. */
export async function criticalGuests(
  db: Db,
  organisationId: string,
): Promise<{ id: string; name: string; vmid: number; hostId: string }[]> {
  return db
    .select({ id: guests.id, name: guests.name, vmid: guests.vmid, hostId: guests.hostId })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt), criticalCondition()));
}

/** The flags set in the portal among `guestIds`. */
export async function criticalFlags(db: Db, guestIds: readonly string[]): Promise<Set<string>> {
  if (guestIds.length === 0) return new Set();
  const rows = await db
    .select({ id: guestFlags.guestId })
    .from(guestFlags)
    .where(and(inArray(guestFlags.guestId, [...guestIds]), eq(guestFlags.critical, true)));
  return new Set(rows.map((r) => r.id));
}

export async function setCriticalFlag(db: Db, organisationId: string, guestId: string, critical: boolean): Promise<void> {
  await db
    .insert(guestFlags)
    .values({ guestId, organisationId, critical, updatedAt: new Date() })
    .onConflictDoUpdate({ target: guestFlags.guestId, set: { critical, updatedAt: new Date() } });
}

/** Whether a guest's Proxmox tags make it critical. */
export const taggedCritical = (tags: readonly string[]): boolean => tags.some((t) => t.toLowerCase() === CRITICAL_TAG);
