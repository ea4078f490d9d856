import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, sessions, users } from '../../db/schema';

export async function insertSession(
  db: Db,
  values: {
    tokenHash: string;
    userId: string;
    expiresAt: Date;
    ip?: string;
    userAgent?: string;
  },
) {
  // It opens in the person's default organisation.
  const organisationId = sql<string | null>`(select ${users.organisationId} from ${users} where ${users.id} = ${values.userId})`;
  const [row] = await db
    .insert(sessions)
    .values({ ...values, organisationId })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/**
 * The live session (not revoked, not expired, younger than `createdAfter`) with its user and the person's
 * membership of the organisation the session acts in (none once they left it or were removed), found by its
 * token hash (a presented token) or its id (an event-stream ticket names its session).
 */
export async function findLiveSession(db: Db, by: { tokenHash: string } | { id: string }, now: Date, createdAfter: Date) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      membership: { organisationId: memberships.organisationId, role: memberships.role },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.organisationId, sessions.organisationId)))
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

/** The organisation a session acts in from now on (its membership was checked by the caller). */
export async function setSessionOrganisation(db: Db, id: string, organisationId: string) {
  await db.update(sessions).set({ organisationId }).where(eq(sessions.id, id));
}

/** The person's live sessions, most recently used first. */
export async function listLiveSessions(db: Db, userId: string, now: Date, createdAfter: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, createdAfter),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Revokes one session of the person (not another's); answers whether one was live. */
export async function revokeOwnSession(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
