import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(
  db: Db,
  values: { tokenHash: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/**
 * The live session (not revoked, not expired, younger than `createdAfter`) with its user, found by its token
 * hash (a presented token) or its id (an event-stream ticket names its session).
 */
export async function findLiveSession(db: Db, by: { tokenHash: string } | { id: string }, now: Date, createdAfter: Date) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        'id' in by ? eq(sessions.id, by.id) : eq(sessions.tokenHash, by.tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, createdAfter),
      ),
    )
    .limit(1);
  return row;
}

/** Revokes every live session of a user; answers how many. */
export async function revokeSessionsOfUser(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function touchSession(db: Db, id: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSessionById(db: Db, id: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}
