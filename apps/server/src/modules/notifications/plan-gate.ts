import { PLANS, type NotificationChannelType, type PlanFeature, type PlanType } from '@proxai/contract';
import type { Db } from '../../db/client';
import { getEffectivePlan, planWith } from '../licenses/licenses.service';

/**
 * Channel types a plan feature opens (ADR 013): generic webhooks are the Pro plan's `api_webhooks`; e-mail, Slack,
 * Discord, Teams, ntfy and Gotify are on every plan. A channel made while the plan had the feature is paused (its
 * messages skipped, with the reason) while the plan lacks it, and sends again as soon as the plan has it: the plan
 * is read when a message is routed and again when it is sent, never cached on the channel.
 */
const GATED: Partial<Record<NotificationChannelType, PlanFeature>> = { webhook: 'api_webhooks' };

const TYPE_LABEL: Partial<Record<NotificationChannelType, string>> = { webhook: 'generic webhooks' };
const planName = (p: PlanType) => p.charAt(0).toUpperCase() + p.slice(1);

/** The feature a channel type needs, if any. */
export const featureOf = (type: string): PlanFeature | undefined => GATED[type as NotificationChannelType];

export interface PlanView {
  plan: PlanType;
  /** The cheapest plan that resumes a channel of this type; null: the current plan sends it. */
  pausedBy(type: string): PlanType | null;
  /** Why a channel of this type sends nothing now (a delivery's `last_error`); null: it sends. */
  skipReason(type: string): string | null;
}

/**
 * The organisation's plan as it stands now (real time, not a test's clock: licences are issued and revoked in real
 * time) and what it pauses.
 */
export async function planView(db: Db, organisationId: string): Promise<PlanView> {
  const { plan } = await getEffectivePlan(db, organisationId);
  const pausedBy = (type: string): PlanType | null => {
    const feature = featureOf(type);
    return feature && !PLANS[plan].features.includes(feature) ? planWith(feature) : null;
  };
  return {
    plan,
    pausedBy,
    skipReason(type) {
      const needed = pausedBy(type);
      if (!needed) return null;
      const what = TYPE_LABEL[type as NotificationChannelType] ?? type;
      return `Paused by plan: ${what} need the ${planName(needed)} plan or higher; this organisation is on ${planName(plan)}`;
    },
  };
}
