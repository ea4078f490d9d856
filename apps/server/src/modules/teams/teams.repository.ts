import { and, asc, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { OrgRole } from '@proxai/contract/permissions';
import type { Db } from '../../db/client';
import { invites, memberships, organisations, sessions, totpFactors, passkeys, users } from '../../db/schema';
import { AppError, errorText } from '../../errors';

export type InviteRow = typeof invites.$inferSelect;

/** The organisations a person belongs to, with their role in each. */
export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({ organisationId: memberships.organisationId, name: organisations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

export async function findMembership(db: Db, userId: string, organisationId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Whether any organisation the person belongs to requires a second factor. */
export async function policyRequiresMfa(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .where(and(eq(memberships.userId, userId), eq(organisations.requireMfa, true)));
  return (row?.n ?? 0) > 0;
}

/** Members with their last activity (any session's last use) and whether they have a second factor. */
export async function listMembers(db: Db, organisationId: string) {
  const lastActive = db
    .select({ userId: sessions.userId, at: max(sessions.lastSeenAt).as('last_active_at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_active');
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
      lastActiveAt: lastActive.at,
      totp: totpFactors.confirmedAt,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(lastActive, eq(lastActive.userId, users.id))
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(eq(memberships.organisationId, organisationId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

export async function countMembers(db: Db, organisationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.organisationId, organisationId));
  return row?.n ?? 0;
}

const lastOwner = () => new AppError('last_owner', errorText('teams.lastOwner'));

/**
 * Changes a member's role, or removes them (role null), never leaving the organisation without an owner: the
 * owners' rows are locked first, so two concurrent demotions cannot both pass. Answers false for a non-member.
 */
export async function changeMembership(db: Db, organisationId: string, userId: string, role: OrgRole | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')))
      .for('update');
    const isOwner = owners.some((o) => o.userId === userId);
    if (isOwner && role !== 'owner' && owners.length <= 1) throw lastOwner();
    const where = and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId));
    if (role) {
      const rows = await tx.update(memberships).set({ role }).where(where).returning({ userId: memberships.userId });
      return rows.length > 0;
    }
    const rows = await tx.delete(memberships).where(where).returning({ userId: memberships.userId });
    if (rows.length === 0) return false;
    // Their next sessions open in another organisation of theirs, or none.
    const other = tx
      .select({ id: memberships.organisationId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    await tx
      .update(users)
      .set({ organisationId: sql`(${other})` })
      .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
    return true;
  });
}

export async function setDefaultOrganisation(db: Db, userId: string, organisationId: string) {
  await db.update(users).set({ organisationId }).where(eq(users.id, userId));
}

// Invites

export async function insertInvite(db: Db, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

const live = (now: Date) => and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

export async function listPendingInvites(db: Db, organisationId: string, now: Date) {
  return db
    .select({ invite: invites, invitedBy: users.email })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.invitedBy))
    .where(and(eq(invites.organisationId, organisationId), live(now)))
    .orderBy(asc(invites.createdAt));
}

export async function countPendingInvites(db: Db, organisationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.organisationId, organisationId), live(now)));
  return row?.n ?? 0;
}

export async function findPendingInviteFor(db: Db, organisationId: string, email: string, now: Date) {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.organisationId, organisationId), sql`lower(${invites.email}) = ${email.toLowerCase()}`, live(now)))
    .limit(1);
  return row;
}

/** Whether a live invite waits for this address (its account is then made without an organisation of its own). */
export async function hasPendingInvite(db: Db, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(and(sql`lower(${invites.email}) = ${email.toLowerCase()}`, live(now)))
    .limit(1);
  return Boolean(row);
}

export async function revokeInvite(db: Db, organisationId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ revokedAt: now })
    .where(and(eq(invites.id, id), eq(invites.organisationId, organisationId), live(now)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

export async function findLiveInvite(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ invite: invites, organisationName: organisations.name })
    .from(invites)
    .innerJoin(organisations, eq(organisations.id, invites.organisationId))
    .where(and(eq(invites.tokenHash, tokenHash), live(now)))
    .limit(1);
  return row;
}

/**
 * Accepts an invite once: marks it used and makes the person a member (an existing membership keeps its role).
 * Answers false when another request accepted it first.
 */
export async function acceptInvite(db: Db, invite: InviteRow, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(invites)
      .set({ acceptedAt: now })
      .where(and(eq(invites.id, invite.id), live(now)))
      .returning({ id: invites.id });
    if (used.length === 0) return false;
    await tx
      .insert(memberships)
      .values({ userId, organisationId: invite.organisationId, role: invite.role })
      .onConflictDoNothing();
    await tx.update(users).set({ organisationId: invite.organisationId }).where(eq(users.id, userId));
    return true;
  });
}

/** The actions the organisation holds for a second member's approval (four-eyes). */
export async function approvalActionsOf(db: Db, organisationId: string): Promise<string[]> {
  const [row] = await db
    .select({ actions: organisations.approvalActions })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.actions ?? [];
}

export async function setApprovalActions(db: Db, organisationId: string, actions: string[]) {
  await db.update(organisations).set({ approvalActions: actions }).where(eq(organisations.id, organisationId));
}

export async function setRequireMfa(db: Db, organisationId: string, requireMfa: boolean) {
  await db.update(organisations).set({ requireMfa }).where(eq(organisations.id, organisationId));
}

export async function findRequireMfa(db: Db, organisationId: string): Promise<boolean> {
  const [row] = await db
    .select({ requireMfa: organisations.requireMfa })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.requireMfa ?? false;
}
