import { PLANS, type PlanLimits, type PlanType } from '@proxai/contract';
import type { Db } from '../../db/client';
import { findNewestActiveLicence } from './licenses.repository';

export interface EffectivePlan {
  plan: PlanType;
  limits: PlanLimits;
  /** The licence that grants the plan; null when the organisation runs on Free without a licence. */
  licenceId: string | null;
}

/** The organisation's newest active licence decides its plan and limits; Free otherwise. */
export async function getEffectivePlan(db: Db, organisationId: string, now = new Date()): Promise<EffectivePlan> {
  const licence = await findNewestActiveLicence(db, organisationId, now);
  if (!licence) return { plan: 'free', limits: PLANS.free.limits, licenceId: null };
  return { plan: licence.planType, limits: licence.limits, licenceId: licence.id };
}
