import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, memberships, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** The organisation's keys, newest first, with their creator's e-mail. */
export async function listApiKeys(db: Db, organisationId: string) {
  return db
    .select({ key: apiKeys, creatorEmail: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.organisationId, organisationId))
    .orderBy(desc(apiKeys.createdAt));
}

export async function findApiKey(db: Db, organisationId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.id, id)))
    .limit(1);
  return row;
}

/** A key with what its acts are checked against: its creator (their account) and their role in its organisation. */
const withCreator = (db: Db) =>
  db
    .select({ key: apiKeys, creator: users, role: memberships.role })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, apiKeys.createdBy), eq(memberships.organisationId, apiKeys.organisationId)),
    );

/**
 * A key by its public prefix, with what its requests are checked against: its creator (their account) and the
 * creator's membership of the key's organisation today (none: they left, and the key no longer works).
 */
export async function findApiKeyForAuth(db: Db, prefix: string) {
  const [row] = await withCreator(db).where(eq(apiKeys.prefix, prefix)).limit(1);
  return row;
}

/** The same by id: what a schedule made by a key is checked against at each of its occurrences. */
export async function findApiKeyWithCreator(db: Db, id: string) {
  const [row] = await withCreator(db).where(eq(apiKeys.id, id)).limit(1);
  return row;
}

/** Marks a live key revoked; answers the row when this call revoked it (not when it already was). */
export async function revokeApiKey(db: Db, id: string, reason: 'revoked' | 'creator_left', now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** The live keys a member created in an organisation (revoked with them when they leave). */
export async function liveKeysOfCreator(db: Db, organisationId: string, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organisationId, organisationId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)));
}

export async function touchApiKey(db: Db, id: string, at: Date, ip: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, id));
}
