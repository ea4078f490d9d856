import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';

// An organisation's fleet version: raised by every change to its hosts or guests (fleet-cache.ts fleetChanged), read
// to tell whether a cached answer is still current.

/** Marks a change to the organisation's hosts or guests (see organisations.fleet_version). */
export async function bumpFleetVersion(db: Db, organisationId: string): Promise<void> {
  await db
    .update(organisations)
    .set({ fleetVersion: sql`${organisations.fleetVersion} + 1` })
    .where(eq(organisations.id, organisationId));
}

/** The organisation's fleet version; -1 when the organisation no longer exists. */
export async function readFleetVersion(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ version: organisations.fleetVersion })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.version ?? -1;
}
