import { revokeKeysOfDeparted } from '../api-keys/api-keys.service';
import type { Invite, InvitePreview, Me, Member, MemberList, Membership, SecurityPolicy } from '@proxai/contract';
import { APPROVAL_ACTIONS, type ListedApprovalAction } from '@proxai/contract/permissions';
import { ROLE_PERMISSIONS, UNLIMITED, withinLimit, type OrgRole } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, errorText } from '../../errors';
import { message } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { recordAudit } from '../audit/audit.repository';
import { findUserById } from '../auth/auth.repository';
import { toUserDto } from '../auth/auth.service';
import { newOpaqueToken, sha256Hex } from '../auth/codes';
import { emitEvent } from '../../events/outbox';
import { getEffectivePlan } from '../licenses/licenses.service';
import { factorsOf, hasFactor } from '../mfa/factors';
import { setSessionOrganisation } from '../sessions/sessions.repository';
import { inviteMail } from './team-mails';
import {
  acceptInvite,
  approvalActionsOf,
  changeMembership,
  countMembers,
  countPendingInvites,
  findLiveInvite,
  findMembership,
  findPendingInviteFor,
  findRequireMfa,
  insertInvite,
  listMembers,
  listPendingInvites,
  membershipsOf,
  revokeInvite,
  setApprovalActions,
  setDefaultOrganisation,
  setRequireMfa,
  type InviteRow,
} from './teams.repository';
import { type AuthUser, actorOfUser, creatorOf } from '../../kernel/principal';
import type { AnsweredContext } from '../../kernel/request-context';
import { type Mailer } from '../../kernel/mailer';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A team change is answered in the asker's language (its mails too): the context always carries it. */
export type TeamContext = AnsweredContext;

const audit = (db: Db, ctx: TeamContext, action: string, target: string, details?: Record<string, unknown>) =>
  recordAudit(db, {
    action,
    outcome: 'success',
    actor: creatorOf(ctx.user),
    organisationId: ctx.organisationId,
    target,
    ip: ctx.ip,
    details,
  });

/** GET /auth/me: the user, the organisation the session acts in, the others, and the permissions held in it. */
export async function me(db: Db, user: AuthUser): Promise<Me> {
  const [orgs, factors] = await Promise.all([membershipsOf(db, user.id), factorsOf(db, user.id)]);
  const organisations: Membership[] = orgs.map((o) => ({ organisation_id: o.organisationId, name: o.name, role: o.role }));
  return {
    ...toUserDto(user),
    organisations,
    permissions: user.organisationId ? [...ROLE_PERMISSIONS[user.orgRole]] : [],
    mfa_enabled: hasFactor(factors),
  };
}

/** The session acts in another organisation of the person's; new sessions will open there too. */
export async function switchOrganisation(db: Db, user: AuthUser, organisationId: string): Promise<AuthUser> {
  const membership = await findMembership(db, user.id, organisationId);
  if (!membership) throw notFound('organisation');
  await setSessionOrganisation(db, user.sessionId, organisationId);
  await setDefaultOrganisation(db, user.id, organisationId);
  return { ...user, organisationId, orgRole: membership.role };
}

/** The plan's member limit, counting pending invites as seats. */
async function seatLimit(db: Db, organisationId: string): Promise<number> {
  return (await getEffectivePlan(db, organisationId)).limits.max_users;
}

export async function members(db: Db, ctx: TeamContext): Promise<MemberList> {
  authorize(ctx.user, 'members.read');
  const [rows, limit] = await Promise.all([listMembers(db, ctx.organisationId), seatLimit(db, ctx.organisationId)]);
  return {
    members: rows.map((r): Member => ({
      user_id: r.userId,
      email: r.email,
      name: r.name,
      role: r.role,
      joined_at: r.joinedAt.toISOString(),
      last_active_at: r.lastActiveAt ? new Date(r.lastActiveAt).toISOString() : null,
      mfa_enabled: Boolean(r.totp) || Number(r.passkeys) > 0,
    })),
    max_users: limit === UNLIMITED ? null : limit,
  };
}

/** The last-owner refusal in the reader's language (the repository decides it inside its transaction). */
async function inLanguage<T>(ctx: TeamContext, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === 'last_owner')
      throw new AppError('last_owner', message(ctx.language, 'members.lastOwner'));
    throw err;
  }
}

/** Owners alone hand out or take away the owner role. */
function requireRoleChange(ctx: TeamContext, from: OrgRole | null, to: OrgRole | null) {
  authorize(ctx.user, 'members.manage');
  if (from === 'owner' || to === 'owner') authorize(ctx.user, 'members.manage_owners');
}

export async function changeRole(db: Db, ctx: TeamContext, userId: string, role: OrgRole): Promise<Member> {
  authorize(ctx.user, 'members.manage');
  const current = await findMembership(db, userId, ctx.organisationId);
  if (!current) throw notFound('member');
  requireRoleChange(ctx, current.role, role);
  // The change and its event in one transaction (the membership's own lock runs inside it).
  await inLanguage(
    ctx,
    db.transaction(async (tx) => {
      const changed = await changeMembership(tx, ctx.organisationId, userId, role);
      if (!changed || role === current.role) return;
      const person = await findUserById(tx, userId);
      await emitEvent(
        tx,
        ctx.organisationId,
        'member.role_changed',
        { user_id: userId, email: person?.email ?? '', role, previous: current.role },
        actorOfUser(ctx.user, ctx.ip),
      );
    }),
  );
  await audit(db, ctx, 'member.role_changed', userId, { from: current.role, to: role });
  const found = (await members(db, ctx)).members.find((m) => m.user_id === userId);
  if (!found) throw notFound('member');
  return found;
}

export async function removeMember(db: Db, ctx: TeamContext, userId: string): Promise<void> {
  authorize(ctx.user, 'members.manage');
  const current = await findMembership(db, userId, ctx.organisationId);
  if (!current) throw notFound('member');
  requireRoleChange(ctx, current.role, null);
  await inLanguage(ctx, removeWithEvent(db, ctx, userId, false));
  await audit(db, ctx, 'member.removed', userId, { role: current.role });
}

export async function leave(db: Db, ctx: TeamContext): Promise<void> {
  await inLanguage(ctx, removeWithEvent(db, ctx, ctx.user.id, true));
  await audit(db, ctx, 'member.left', ctx.user.id, { role: ctx.user.orgRole });
}

/** Ends a membership and emits member.removed in the same transaction (nothing when they were not a member). */
function removeWithEvent(db: Db, ctx: TeamContext, userId: string, left: boolean): Promise<void> {
  return db.transaction(async (tx) => {
    // Read first: the address is the event's, whatever happens to the account afterwards.
    const person = await findUserById(tx, userId);
    if (!(await changeMembership(tx, ctx.organisationId, userId, null))) return;
    await emitEvent(
      tx,
      ctx.organisationId,
      'member.removed',
      { user_id: userId, email: person?.email ?? '', left },
      actorOfUser(ctx.user, ctx.ip),
    );
    // Their keys go with them (their requests already fail: a key's creator must be a member).
    await revokeKeysOfDeparted(tx, ctx.organisationId, userId);
  });
}

const toInviteDto = (row: InviteRow, invitedBy: string | null): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: invitedBy,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

export async function invites(db: Db, ctx: TeamContext): Promise<Invite[]> {
  authorize(ctx.user, 'members.manage');
  const rows = await listPendingInvites(db, ctx.organisationId, new Date());
  return rows.map((r) => toInviteDto(r.invite, r.invitedBy));
}

/**
 * Invites an address with a role: a single-use link valid 7 days, mailed; only its SHA-256 is kept. Seats are
 * members plus pending invites, within the plan's `max_users`.
 */
export async function invite(
  deps: { db: Db; mailer: Mailer },
  ctx: TeamContext,
  input: { email: string; role: OrgRole },
  baseUrl: string,
  organisationName: string,
): Promise<Invite> {
  const { db } = deps;
  requireRoleChange(ctx, null, input.role);
  const now = new Date();
  const existing = (await listMembers(db, ctx.organisationId)).find((m) => m.email.toLowerCase() === input.email.toLowerCase());
  if (existing) throw new AppError('conflict', errorText('teams.alreadyMember', { email: input.email }));
  if (await findPendingInviteFor(db, ctx.organisationId, input.email, now)) {
    throw new AppError('conflict', errorText('teams.alreadyInvited', { email: input.email }));
  }
  const limit = await seatLimit(db, ctx.organisationId);
  const seats = (await countMembers(db, ctx.organisationId)) + (await countPendingInvites(db, ctx.organisationId, now));
  if (!withinLimit(limit, seats + 1)) {
    throw new AppError('plan_limit', errorText('teams.seatLimit', { count: limit }));
  }
  const token = newOpaqueToken();
  const row = await insertInvite(db, {
    organisationId: ctx.organisationId,
    email: input.email,
    role: input.role,
    tokenHash: sha256Hex(token),
    invitedBy: ctx.user.id,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
  });
  const link = `${baseUrl}/invite/${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send({
      to: input.email,
      ...inviteMail(ctx.language, {
        organisation: organisationName,
        inviter: ctx.user.name ?? ctx.user.email,
        role: input.role,
        link,
      }),
    });
  } catch (err) {
    await revokeInvite(db, ctx.organisationId, row.id, new Date());
    throw new AppError('unavailable', errorText('teams.inviteMailFailed'), { cause: err });
  }
  // The invitation exists for the organisation once it is mailed: a failed mail revokes it at once (above), so the
  // event is written now rather than with the row, and a webhook never hears of an invitation nobody received.
  await emitEvent(
    db,
    ctx.organisationId,
    'member.invited',
    { invite_id: row.id, email: input.email, role: input.role },
    actorOfUser(ctx.user, ctx.ip),
  );
  await audit(db, ctx, 'member.invited', input.email, { role: input.role, invite_id: row.id });
  return toInviteDto(row, ctx.user.email);
}

export async function cancelInvite(db: Db, ctx: TeamContext, id: string): Promise<void> {
  authorize(ctx.user, 'members.manage');
  if (!(await revokeInvite(db, ctx.organisationId, id, new Date()))) throw notFound('invite');
  await audit(db, ctx, 'member.invite_revoked', id);
}

const deadInvite = () => new AppError('not_found', errorText('teams.inviteDead'));

export async function previewInvite(db: Db, token: string): Promise<InvitePreview> {
  const found = await findLiveInvite(db, sha256Hex(token), new Date());
  if (!found) throw deadInvite();
  return {
    organisation_name: found.organisationName,
    email: found.invite.email,
    role: found.invite.role,
    expires_at: found.invite.expiresAt.toISOString(),
  };
}

/** Accepts an invite as the signed-in person, who must be its address; the session then acts in that organisation. */
export async function accept(
  db: Db,
  user: AuthUser,
  token: string,
  ip?: string,
): Promise<{ organisationId: string; role: OrgRole }> {
  const now = new Date();
  const found = await findLiveInvite(db, sha256Hex(token), now);
  if (!found) throw deadInvite();
  const { invite: row } = found;
  if (row.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('forbidden', errorText('teams.inviteForOther', { email: row.email }));
  }
  const limit = await seatLimit(db, row.organisationId);
  // The invite held a seat: a plan downgraded since may have none left.
  if (!withinLimit(limit, (await countMembers(db, row.organisationId)) + 1)) {
    throw new AppError('plan_limit', errorText('teams.noSeatLeft'));
  }
  // The acceptance and member.joined in one transaction; someone who already was a member did not join.
  const membership = await db.transaction(async (tx) => {
    const before = await findMembership(tx, user.id, row.organisationId);
    if (!(await acceptInvite(tx, row, user.id, now))) return undefined;
    const after = await findMembership(tx, user.id, row.organisationId);
    if (!before) {
      await emitEvent(
        tx,
        row.organisationId,
        'member.joined',
        { user_id: user.id, email: user.email, role: after?.role ?? row.role },
        actorOfUser(user, ip),
      );
    }
    return after ?? { role: row.role };
  });
  if (!membership) throw deadInvite();
  await setSessionOrganisation(db, user.sessionId, row.organisationId);
  await recordAudit(db, {
    action: 'member.joined',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    organisationId: row.organisationId,
    target: user.id,
    ip,
    details: { role: membership.role, invite_id: row.id },
  });
  return { organisationId: row.organisationId, role: membership.role };
}

export async function securityPolicy(db: Db, ctx: TeamContext): Promise<SecurityPolicy> {
  authorize(ctx.user, 'members.read');
  const [requireMfa, actions] = await Promise.all([
    findRequireMfa(db, ctx.organisationId),
    approvalActionsOf(db, ctx.organisationId),
  ]);
  return { require_mfa: requireMfa, approval_actions: actions.filter(isApprovalAction) };
}

const isApprovalAction = (a: string): a is ListedApprovalAction => (APPROVAL_ACTIONS as readonly string[]).includes(a);

/** Requiring a second factor of everyone: the owner who sets it must have one, so they are never the one locked out. */
export async function setSecurityPolicy(db: Db, ctx: TeamContext, input: SecurityPolicy): Promise<SecurityPolicy> {
  authorize(ctx.user, 'organisation.security');
  if (input.require_mfa && !hasFactor(await factorsOf(db, ctx.user.id))) {
    throw new AppError('invalid_state', errorText('teams.mfaSelfFirst'));
  }
  await setRequireMfa(db, ctx.organisationId, input.require_mfa);
  if (input.approval_actions) await setApprovalActions(db, ctx.organisationId, input.approval_actions);
  await audit(db, ctx, 'organisation.security_policy', ctx.organisationId, {
    require_mfa: input.require_mfa,
    ...(input.approval_actions ? { approval_actions: input.approval_actions } : {}),
  });
  return securityPolicy(db, ctx);
}
