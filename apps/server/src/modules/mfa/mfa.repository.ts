import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authChallenges, passkeys, recoveryCodes, totpFactors } from '../../db/schema';

export type ChallengeRow = typeof authChallenges.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
type ChallengePurpose = ChallengeRow['purpose'];

export async function insertChallenge(db: Db, values: typeof authChallenges.$inferInsert): Promise<ChallengeRow> {
  const [row] = await db.insert(authChallenges).values(values).returning();
  if (!row) throw new Error('challenge insert returned nothing');
  return row;
}

/** A live (unused, unexpired) challenge of this purpose by the hash of what the client holds. */
export async function findLiveChallenge(db: Db, purpose: ChallengePurpose, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.purpose, purpose),
        eq(authChallenges.tokenHash, tokenHash),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a challenge once: false when another request used it first (a replay). */
export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong answer; past `max` the challenge is burnt (used). Answers the attempts so far. */
export async function countChallengeAttempt(db: Db, id: string, max: number, now: Date): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({
      attempts: sql`${authChallenges.attempts} + 1`,
      usedAt: sql`case when ${authChallenges.attempts} + 1 >= ${max} then ${now} else ${authChallenges.usedAt} end`,
    })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? max;
}

export async function setChallenge(db: Db, id: string, values: Partial<typeof authChallenges.$inferInsert>) {
  await db.update(authChallenges).set(values).where(eq(authChallenges.id, id));
}

/** Records the answer to a challenge once: false when it was already answered or used (a replay). */
export async function markChallengeVerified(
  db: Db,
  id: string,
  values: { verifiedAt: Date; verifiedMethod: string; proofHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set(values)
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.verifiedAt), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/**
 * Spends a step-up proof: the one verified for exactly this request (hash), by this person in this session,
 * within its lifetime, never used. Answers false for anything else.
 */
export async function spendStepUpProof(
  db: Db,
  proof: { proofHash: string; userId: string; sessionId: string; requestHash: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(authChallenges.purpose, 'step_up'),
        eq(authChallenges.proofHash, proof.proofHash),
        eq(authChallenges.userId, proof.userId),
        eq(authChallenges.sessionId, proof.sessionId),
        eq(authChallenges.requestHash, proof.requestHash),
        isNotNull(authChallenges.verifiedAt),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** Challenges past their end (used or not): nothing reads them any more. */
export async function deleteExpiredChallenges(db: Db, before: Date) {
  await db.delete(authChallenges).where(or(lt(authChallenges.expiresAt, before)));
}

// TOTP

export async function findTotp(db: Db, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row;
}

/** A new (unconfirmed) secret replaces an unconfirmed one; a confirmed one is never overwritten here. */
export async function upsertPendingTotp(db: Db, userId: string, secretSealed: string): Promise<boolean> {
  const rows = await db
    .insert(totpFactors)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretSealed, createdAt: new Date(), lastStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

/** Accepts a time step once (RFC 6238 §5.2): false when this step or a later one was already used. */
export async function claimTotpStep(db: Db, userId: string, step: number, confirmAt?: Date): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step))))
    .returning({ userId: totpFactors.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: Db, userId: string) {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

// Recovery codes

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function deleteRecoveryCodes(db: Db, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

// Passkeys

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function findPasskeyByCredential(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Records a use; the signature counter only moves forward (a cloned authenticator is refused by the caller). */
export async function touchPasskey(db: Db, id: string, counter: number, now: Date) {
  await db.update(passkeys).set({ counter, lastUsedAt: now }).where(eq(passkeys.id, id));
}

/** Every second factor of a person (an administrator's reset from the server's command line). */
export async function removeSecondFactors(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}
