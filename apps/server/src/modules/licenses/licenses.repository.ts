import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licences } from '../../db/schema';

/** The organisation's newest licence that is neither revoked nor expired. */
export async function findNewestActiveLicence(db: Db, organisationId: string, now: Date) {
  const [row] = await db
    .select()
    .from(licences)
    .where(and(eq(licences.organisationId, organisationId), isNull(licences.revokedAt), gt(licences.expiresAt, now)))
    .orderBy(desc(licences.issuedAt))
    .limit(1);
  return row;
}
