import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licences, memberships, organisations } from '../../db/schema';

export type LicenceRow = typeof licences.$inferSelect;

/** What besides a licence decides an organisation's plan: its trial's end and whether it is the demo's. */
export async function findOrganisationPlanFacts(db: Db, organisationId: string) {
  const [row] = await db
    .select({ trialEndsAt: organisations.trialEndsAt, demo: organisations.demo })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

/** The organisation's newest licence that is neither revoked nor expired. */
export async function findNewestActiveLicence(db: Db, organisationId: string, now: Date) {
  const [row] = await db
    .select()
    .from(licences)
    .where(and(eq(licences.organisationId, organisationId), isNull(licences.revokedAt), gt(licences.expiresAt, now)))
    .orderBy(desc(licences.issuedAt), desc(licences.expiresAt))
    .limit(1);
  return row;
}

/** Newest first. */
export async function listLicencesOfOrganisation(db: Db, organisationId: string): Promise<LicenceRow[]> {
  return db
    .select()
    .from(licences)
    .where(eq(licences.organisationId, organisationId))
    .orderBy(desc(licences.issuedAt), desc(licences.expiresAt));
}

export async function findLicence(db: Db, id: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.id, id)).limit(1);
  return row;
}

export async function insertLicence(db: Db, values: typeof licences.$inferInsert): Promise<LicenceRow> {
  const [row] = await db.insert(licences).values(values).returning();
  if (!row) throw new Error('licence insert returned nothing');
  return row;
}

/** Revokes only a licence not yet revoked, in one statement, so two concurrent revokes cannot both win. */
export async function markRevoked(
  db: Db,
  id: string,
  values: { revokedAt: Date; revokedBy: string; revokeReason: string },
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set(values)
    .where(and(eq(licences.id, id), isNull(licences.revokedAt)))
    .returning();
  return row;
}

export async function findOrganisation(db: Db, id: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

export async function listOrganisationsWithMemberCount(db: Db) {
  return db
    .select({ id: organisations.id, name: organisations.name, memberCount: count(memberships.userId) })
    .from(organisations)
    .leftJoin(memberships, eq(memberships.organisationId, organisations.id))
    .groupBy(organisations.id, organisations.name)
    .orderBy(asc(organisations.name), asc(organisations.id));
}
