import type { FastifyRequest } from 'fastify';
import { randomUUID, type KeyObject } from 'node:crypto';
import {
  PLAN_TYPES,
  PLANS,
  planFeatureMap,
  type AdminOrganisation,
  type Licence,
  type PlanFeature,
  type PlanLimits,
  type PlanType,
} from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, errorText, notFound } from '../../errors';
import { authorizePlatform } from '../../access/authorize';
import { recordAudit } from '../audit/audit.repository';
import { emitEvent } from '../../events/outbox';
import { fleetChanged } from '../fleet/fleet-cache';
import { signLicence, signLicenceStatus } from './licence-canonical';
import {
  findLicence,
  findNewestActiveLicence,
  findOrganisation,
  findOrganisationPlanFacts,
  insertLicence,
  listLicencesOfOrganisation,
  listOrganisationsWithMemberCount,
  markRevoked,
  type LicenceRow,
} from './licenses.repository';
import { type AuthUser, creatorOf } from '../../kernel/principal';
import { actorOf, currentOrg, currentUser, type PlatformContext } from '../../kernel/request-context';

const DAY_MS = 86_400_000;

export interface EffectivePlan {
  plan: PlanType;
  limits: PlanLimits;
  /** The licence that grants the plan; null when the organisation runs on Free, its trial or the demo. */
  licenceId: string | null;
  /** Set while the organisation runs on its 14-day Pro trial (SPEC.md §9): when it ends. */
  trialEndsAt: Date | null;
}

/**
 * The organisation's plan: its newest active licence; else the demo organisation's Pro; else Pro during the trial
 * a new organisation starts with; else Free.
 */
export async function getEffectivePlan(db: Db, organisationId: string, now = new Date()): Promise<EffectivePlan> {
  const licence = await findNewestActiveLicence(db, organisationId, now);
  if (licence) return { plan: licence.planType, limits: licence.limits, licenceId: licence.id, trialEndsAt: null };
  const org = await findOrganisationPlanFacts(db, organisationId);
  if (org?.demo) return { plan: 'pro', limits: PLANS.pro.limits, licenceId: null, trialEndsAt: null };
  if (org?.trialEndsAt && org.trialEndsAt.getTime() > now.getTime())
    return { plan: 'pro', limits: PLANS.pro.limits, licenceId: null, trialEndsAt: org.trialEndsAt };
  return { plan: 'free', limits: PLANS.free.limits, licenceId: null, trialEndsAt: null };
}

/** The cheapest plan that has `feature`. */
export const planWith = (feature: PlanFeature): PlanType =>
  PLAN_TYPES.find((p) => PLANS[p].features.includes(feature)) ?? 'enterprise';

/** Whether the organisation's plan has `feature` now. */
export async function hasFeature(db: Db, organisationId: string, feature: PlanFeature, now = new Date()): Promise<boolean> {
  return PLANS[(await getEffectivePlan(db, organisationId, now)).plan].features.includes(feature);
}

/**
 * Refuses a call outside the organisation's plan: 403 `plan_required` with the cheapest `plan` that opens it, so
 * the UI can say which one (SPEC.md §6 entitlements).
 */
export async function requireFeature(db: Db, organisationId: string, feature: PlanFeature, now = new Date()): Promise<void> {
  const effective = await getEffectivePlan(db, organisationId, now);
  if (PLANS[effective.plan].features.includes(feature)) return;
  const plan = planWith(feature);
  throw new AppError(
    'plan_required',
    errorText('licences.planRequired', { plan: PLAN_NAMES[plan], current: PLAN_NAMES[effective.plan] }),
    {
      fields: { plan },
    },
  );
}

/** A preHandler refusing the route to an organisation whose plan lacks `feature` (after authentication). */
export const planGate = (db: Db, feature: PlanFeature) => async (request: FastifyRequest) => {
  await requireFeature(db, currentOrg(currentUser(request)), feature);
};

const PLAN_NAMES: Record<PlanType, string> = { free: 'Free', essential: 'Essential', pro: 'Pro', enterprise: 'Enterprise' };

/**
 * `is_active` is computed at read time: a licence silently stops being active when it expires. The revocation
 * status is signed for this answer, so a downloaded file shows verifiably whether it was revoked when read.
 */
export function toLicenceDto(row: LicenceRow, signingKey: KeyObject, now = new Date()): Licence {
  const revokedAt = row.revokedAt?.toISOString() ?? null;
  const statusAt = now.toISOString();
  return {
    id: row.id,
    organisation_id: row.organisationId,
    plan_type: row.planType,
    is_active: row.revokedAt === null && row.expiresAt.getTime() > now.getTime(),
    issued_at: row.issuedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    features: row.features,
    limits: row.limits,
    signature: row.signature,
    revoked_at: revokedAt,
    revoked_by: row.revokedBy,
    revoke_reason: row.revokeReason,
    status_at: statusAt,
    status_signature: signLicenceStatus({ id: row.id, revoked_at: revokedAt, status_at: statusAt }, signingKey),
  };
}

/**
 * Members read their own organisation's licences, platform admins any organisation's. Everyone else
 * gets the same 404 as for an organisation that does not exist, so ids cannot be probed.
 */
export async function listLicences(db: Db, signingKey: KeyObject, user: AuthUser, organisationId: string): Promise<Licence[]> {
  const isMember = user.organisationId === organisationId;
  if (!isMember && user.role !== 'admin') throw notFound('organisation');
  if (!isMember && !(await findOrganisation(db, organisationId))) throw notFound('organisation');
  const now = new Date();
  return (await listLicencesOfOrganisation(db, organisationId)).map((row) => toLicenceDto(row, signingKey, now));
}

export async function generateLicence(
  db: Db,
  signingKey: KeyObject,
  ctx: PlatformContext,
  input: { organisation_id: string; plan_type: PlanType; duration_days: number },
): Promise<Licence> {
  authorizePlatform(ctx.user, 'licenses.generate');
  if (!(await findOrganisation(db, input.organisation_id))) throw notFound('organisation');
  const id = randomUUID();
  // JS dates have millisecond precision, so the signed ISO strings are exactly what the database gives back.
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + input.duration_days * DAY_MS);
  const features = planFeatureMap(input.plan_type);
  const limits = { ...PLANS[input.plan_type].limits };
  const signature = signLicence(
    {
      id,
      organisation_id: input.organisation_id,
      plan_type: input.plan_type,
      issued_at: issuedAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      features,
      limits,
    },
    signingKey,
  );
  // The licence and licence.generated (the organisation's webhooks hear of it) in one transaction.
  const row = await db.transaction(async (tx) => {
    const inserted = await insertLicence(tx, {
      id,
      organisationId: input.organisation_id,
      planType: input.plan_type,
      issuedAt,
      expiresAt,
      features,
      limits,
      signature,
      issuedBy: ctx.user.id,
    });
    await emitEvent(
      tx,
      input.organisation_id,
      'licence.generated',
      { licence_id: id, plan_type: input.plan_type, expires_at: expiresAt.toISOString() },
      actorOf(ctx),
    );
    return inserted;
  });
  // The dashboard's cached stats carry the plan's limits (plan_usage).
  await fleetChanged(db, input.organisation_id);
  await recordAudit(db, {
    action: 'licence.generate',
    outcome: 'success',
    actor: creatorOf(ctx.user),
    organisationId: input.organisation_id,
    target: id,
    ip: ctx.ip,
    details: { plan_type: input.plan_type, duration_days: input.duration_days, expires_at: expiresAt.toISOString() },
  });
  return toLicenceDto(row, signingKey);
}

export async function revokeLicence(
  db: Db,
  signingKey: KeyObject,
  ctx: PlatformContext,
  id: string,
  reason: string,
): Promise<Licence> {
  authorizePlatform(ctx.user, 'licenses.revoke');
  const existing = await findLicence(db, id);
  if (!existing) throw notFound('licence');
  const row = await db.transaction(async (tx) => {
    const revoked = await markRevoked(tx, id, { revokedAt: new Date(), revokedBy: ctx.user.id, revokeReason: reason });
    if (revoked) await emitEvent(tx, revoked.organisationId, 'licence.revoked', { licence_id: id, reason }, actorOf(ctx));
    return revoked;
  });
  if (!row) {
    throw new AppError(
      'already_revoked',
      errorText('licences.alreadyRevoked', { date: (existing.revokedAt ?? new Date(0)).toISOString() }),
    );
  }
  await fleetChanged(db, row.organisationId);
  await recordAudit(db, {
    action: 'licence.revoke',
    outcome: 'success',
    actor: creatorOf(ctx.user),
    organisationId: row.organisationId,
    target: id,
    ip: ctx.ip,
    details: { reason, plan_type: row.planType },
  });
  return toLicenceDto(row, signingKey);
}

export async function listOrganisationsForAdmin(db: Db, user: AuthUser): Promise<AdminOrganisation[]> {
  authorizePlatform(user, 'organisations.read');
  const rows = await listOrganisationsWithMemberCount(db);
  return rows.map((r) => ({ id: r.id, name: r.name, member_count: Number(r.memberCount) }));
}
