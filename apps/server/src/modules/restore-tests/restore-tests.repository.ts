import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, restoreTests } from '../../db/schema';
import { guestScopeConditions, type GuestScope } from '../guests/guests.repository';

export type RestoreTestRow = typeof restoreTests.$inferSelect;
export type NewRestoreTestRow = typeof restoreTests.$inferInsert;
export type RestoreTestStatus = RestoreTestRow['status'];

export async function insertRestoreTest(db: Db, values: NewRestoreTestRow): Promise<RestoreTestRow> {
  const [row] = await db.insert(restoreTests).values(values).returning();
  return row!;
}

/** With a scoped API key's scope: only the tests of a guest it sees. */
function scopeCondition(db: Db, scope: GuestScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  return inArray(
    restoreTests.guestId,
    db
      .select({ id: guests.id })
      .from(guests)
      .where(and(...guestScopeConditions(scope))),
  );
}

export async function findRestoreTest(
  db: Db,
  organisationId: string,
  id: string,
  scope?: GuestScope,
): Promise<RestoreTestRow | undefined> {
  const [row] = await db
    .select()
    .from(restoreTests)
    .where(and(eq(restoreTests.id, id), eq(restoreTests.organisationId, organisationId), scopeCondition(db, scope)));
  return row;
}

export async function findRestoreTestByTask(db: Db, taskId: string): Promise<RestoreTestRow | undefined> {
  const [row] = await db.select().from(restoreTests).where(eq(restoreTests.taskId, taskId));
  return row;
}

export async function updateRestoreTest(db: Db, id: string, values: Partial<NewRestoreTestRow>): Promise<void> {
  await db.update(restoreTests).set(values).where(eq(restoreTests.id, id));
}

/**
 * queued → running for its node: false when another restore test runs on that node (the partial unique index
 * restore_tests_running_node_unique refuses a second running row), so two never overlap on a node.
 */
export async function claimNode(db: Db, id: string, targetNode: string, now: Date): Promise<boolean> {
  try {
    const rows = await db
      .update(restoreTests)
      .set({ status: 'running', targetNode, startedAt: now })
      .where(and(eq(restoreTests.id, id), eq(restoreTests.status, 'queued')))
      .returning({ id: restoreTests.id });
    return rows.length > 0;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite, possibly wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Newest first; `after` is the (created_at, id) of the last row of the previous page. */
export async function listRestoreTests(
  db: Db,
  organisationId: string,
  filter: { guestId?: string; status?: RestoreTestStatus; scope?: GuestScope },
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<RestoreTestRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(restoreTests.organisationId, organisationId),
    scopeCondition(db, filter.scope),
    filter.guestId ? eq(restoreTests.guestId, filter.guestId) : undefined,
    filter.status ? eq(restoreTests.status, filter.status) : undefined,
    after
      ? or(
          lt(restoreTests.createdAt, after.createdAt),
          and(eq(restoreTests.createdAt, after.createdAt), lt(restoreTests.id, after.id)),
        )
      : undefined,
  ];
  return db
    .select()
    .from(restoreTests)
    .where(and(...conditions))
    .orderBy(desc(restoreTests.createdAt), desc(restoreTests.id))
    .limit(limit);
}

/** The tests of these guests, newest first, at most `perGuest` each (the summary's history and RTO trend). */
export async function recentTestsOfGuests(db: Db, guestIds: readonly string[], perGuest: number): Promise<RestoreTestRow[]> {
  if (guestIds.length === 0) return [];
  const ranked = db
    .select({
      id: restoreTests.id,
      rank: sql<number>`row_number() over (partition by ${restoreTests.guestId} order by ${restoreTests.createdAt} desc)`.as(
        'rank',
      ),
    })
    .from(restoreTests)
    .where(inArray(restoreTests.guestId, [...guestIds]))
    .as('ranked');
  return db
    .select({ row: restoreTests })
    .from(restoreTests)
    .innerJoin(ranked, eq(ranked.id, restoreTests.id))
    .where(sql`${ranked.rank} <= ${perGuest}`)
    .orderBy(desc(restoreTests.createdAt))
    .then((rows) => rows.map((r) => r.row));
}

/** The organisation's guests still on their host that have a restore test, for the summary. */
export async function testedGuestIds(db: Db, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: restoreTests.guestId })
    .from(restoreTests)
    .innerJoin(guests, eq(guests.id, restoreTests.guestId))
    .where(and(eq(restoreTests.organisationId, organisationId), isNull(guests.goneAt)));
  return rows.map((r) => r.id).filter((id): id is string => id !== null);
}

/**
 * When each guest last passed a restore test (guests never passing are absent): the policy picks the oldest
 * first, the alerts read how long ago.
 */
export async function lastPassedAt(db: Db, guestIds: readonly string[]): Promise<Map<string, Date>> {
  if (guestIds.length === 0) return new Map();
  const rows = await db
    .select({ guestId: restoreTests.guestId, at: sql<Date | string>`max(${restoreTests.endedAt})` })
    .from(restoreTests)
    .where(and(inArray(restoreTests.guestId, [...guestIds]), eq(restoreTests.status, 'passed')))
    .groupBy(restoreTests.guestId);
  return new Map(rows.filter((r) => r.guestId).map((r) => [r.guestId!, new Date(r.at)]));
}
