import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCodes, loginFailures, memberships, oauthHandoffs, oidcStates, organisations, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A new user owning a new organisation. Two first requests for the same address can race: the unique index
 * on lower(email) makes the loser fail, and the caller reads the winner's row.
 */
/** A new organisation runs on Pro for this many days, without a card (SPEC.md §9). */
export const TRIAL_DAYS = 14;

export async function insertUserWithOrganisation(
  db: Db,
  values: { email: string; name: string | null; language: string; organisationName: string },
): Promise<UserRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [org] = await tx
        .insert(organisations)
        .values({ name: values.organisationName, trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000) })
        .returning();
      if (!org) throw new Error('organisation insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          email: values.email,
          name: values.name,
          language: values.language,
          organisationId: org.id,
          role: 'user',
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(memberships).values({ userId: user.id, organisationId: org.id, role: 'owner' });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** A new user without an organisation (invited: they join the inviting one on accepting). */
export async function insertUserWithoutOrganisation(
  db: Db,
  values: { email: string; name: string | null; language: string },
): Promise<UserRow | undefined> {
  try {
    const [user] = await db
      .insert(users)
      .values({ ...values, organisationId: null, role: 'user' })
      .returning();
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** PostgreSQL's unique_violation, possibly wrapped by the driver or Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function setUserPassword(db: Db, id: string, passwordHash: string, role: 'admin' | 'user') {
  await db.update(users).set({ passwordHash, role }).where(eq(users.id, id));
}

export async function insertAdminUser(db: Db, values: { email: string; name: string; passwordHash: string }) {
  const [user] = await db
    .insert(users)
    .values({ ...values, role: 'admin', organisationId: null })
    .returning();
  return user;
}

export async function touchLastLogin(db: Db, id: string, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, id));
}

export async function setUserTimezone(db: Db, id: string, timezone: string | null) {
  await db.update(users).set({ timezone }).where(eq(users.id, id));
}

// Login codes -------------------------------------------------------------------------------------------

/** A new code replaces every code still pending for the address. */
export async function insertLoginCode(
  db: Db,
  values: { id: string; email: string; codeHash: string; magicTokenHash: string; language: string; expiresAt: Date },
) {
  await db.insert(loginCodes).values(values);
}

/**
 * The new code replaces every earlier live one of the address (called once its mail has gone out). Only older
 * codes: two requests whose mails go out at the same time must not retire each other (the newest one stays).
 */
export async function retireOtherLoginCodes(db: Db, email: string, keepId: string, now: Date) {
  const kept = db.select({ createdAt: loginCodes.createdAt }).from(loginCodes).where(eq(loginCodes.id, keepId));
  await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.usedAt),
        ne(loginCodes.id, keepId),
        lt(loginCodes.createdAt, sql`(${kept})`),
      ),
    );
  // Housekeeping: rows past their life serve no purpose.
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
}

export async function deleteLoginCode(db: Db, id: string) {
  await db.delete(loginCodes).where(eq(loginCodes.id, id));
}

/**
 * Counts one attempt on the address's live code, atomically, so parallel guesses cannot exceed the limit.
 * Answers the row (with its new attempt count) or nothing when no live code remains.
 */
export async function countAttemptOnLiveCode(db: Db, email: string, now: Date, maxAttempts: number) {
  const [live] = await db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!live) return undefined;
  const [row] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(
        eq(loginCodes.id, live.id),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, now),
        lt(loginCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Marks a code used; only the first caller gets `true` (single use under concurrency). */
export async function markCodeUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt)))
    .returning({ id: loginCodes.id });
  return rows.length > 0;
}

/** Consumes the code row whose magic token hashes to `hash`, if still live: its e-mail, or nothing. */
export async function consumeMagicToken(db: Db, hash: string, now: Date) {
  const [row] = await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.magicTokenHash, hash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
    .returning({ email: loginCodes.email, language: loginCodes.language });
  return row;
}

/** The address a live magic token would sign in, without consuming it. */
export async function peekMagicToken(db: Db, hash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ email: loginCodes.email })
    .from(loginCodes)
    .where(and(eq(loginCodes.magicTokenHash, hash), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
    .limit(1);
  return row?.email;
}

// OAuth handoffs ------------------------------------------------------------------------------------------

export async function insertHandoff(db: Db, values: { handoffHash: string; userId: string; expiresAt: Date }) {
  await db.insert(oauthHandoffs).values(values);
}

/** The user a live handoff would sign in, without consuming it. */
export async function peekHandoff(db: Db, hash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oauthHandoffs.userId })
    .from(oauthHandoffs)
    .where(and(eq(oauthHandoffs.handoffHash, hash), isNull(oauthHandoffs.usedAt), gt(oauthHandoffs.expiresAt, now)))
    .limit(1);
  return row?.userId;
}

export async function consumeHandoff(db: Db, hash: string, now: Date) {
  const [row] = await db
    .update(oauthHandoffs)
    .set({ usedAt: now })
    .where(and(eq(oauthHandoffs.handoffHash, hash), isNull(oauthHandoffs.usedAt), gt(oauthHandoffs.expiresAt, now)))
    .returning({ userId: oauthHandoffs.userId });
  return row;
}

// OpenID Connect pending logins ---------------------------------------------------------------------------

export async function insertOidcState(db: Db, values: { state: string; nonce: string; codeVerifier: string; expiresAt: Date }) {
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, new Date()));
  await db.insert(oidcStates).values(values);
}

/** Takes the pending login for `state` out of the table (single use), if it is still live. */
export async function takeOidcState(db: Db, state: string, now: Date) {
  const [row] = await db
    .delete(oidcStates)
    .where(and(eq(oidcStates.state, state), gt(oidcStates.expiresAt, now)))
    .returning();
  return row;
}

// Administrator password failures ---------------------------------------------------------------------------

export async function findLoginFailures(db: Db, key: string) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
  return row;
}

/**
 * Counts one failure for `key` atomically (a new window when the last one is over) and locks the key for
 * `lockMs` once `max` failures fall in one window. Answers the row after the update.
 */
export async function recordLoginFailure(
  db: Db,
  key: string,
  now: Date,
  opts: { windowMs: number; max: number; lockMs: number },
) {
  const windowStart = new Date(now.getTime() - opts.windowMs);
  const lockUntil = new Date(now.getTime() + opts.lockMs);
  const [row] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: opts.max <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart} then ${now} else ${loginFailures.windowStartedAt} end`,
        lockedUntil: sql`case when (case when ${loginFailures.windowStartedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end) >= ${opts.max} then ${lockUntil} else ${loginFailures.lockedUntil} end`,
      },
    })
    .returning();
  return row;
}

export async function clearLoginFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
