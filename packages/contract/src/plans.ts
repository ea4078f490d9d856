/**
 * Plans: prices (SPEC.md §9 reading A) and entitlements (§6), written once. The marketing pages, the
 * migration calculator, the licence generator and the dashboard's limits all read them from here.
 * No zod in this file: the landing page imports it.
 */
export const PLAN_TYPES = ['free', 'essential', 'pro', 'enterprise'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** -1 means unlimited. */
export const UNLIMITED = -1;

export interface PlanLimits {
  max_hosts: number;
  max_vms: number;
  max_users: number;
  max_storage_gb: number;
}

/** Licence feature flags, in display order (the licence card shows the first five). */
export const PLAN_FEATURES = [
  'ai_advice',
  'nightly_automation',
  'cve_scanner',
  'guided_actions',
  'manual_snapshots',
  'scoped_api_keys',
  'dpi_probe',
  'pbs_backups',
  'restore_tests',
  'patch_management',
  'automated_runbooks',
  'weekly_reports',
  'api_webhooks',
  'audit_trail',
  'multi_tenant',
  'sla',
  'on_premise',
  'custom_integrations',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface Plan {
  slug: PlanType;
  /** Euros per month; null = on quote. */
  monthlyPrice: number | null;
  /** Euros per year (two months free); null = on quote. */
  yearlyPrice: number | null;
  limits: PlanLimits;
  features: readonly PlanFeature[];
  support: 'community' | 'email_24h' | 'priority_4h' | 'dedicated_247';
  popular?: boolean;
}

const ESSENTIAL_FEATURES = [
  'ai_advice',
  'nightly_automation',
  'cve_scanner',
  'guided_actions',
  'manual_snapshots',
  'scoped_api_keys',
] as const;
const PRO_FEATURES = [
  ...ESSENTIAL_FEATURES,
  'dpi_probe',
  'pbs_backups',
  'restore_tests',
  'patch_management',
  'automated_runbooks',
  'weekly_reports',
  'api_webhooks',
  'audit_trail',
] as const;

export const PLANS: Readonly<Record<PlanType, Plan>> = {
  free: {
    slug: 'free',
    monthlyPrice: 0,
    yearlyPrice: 0,
    limits: { max_hosts: 1, max_vms: 10, max_users: 1, max_storage_gb: 100 },
    features: ['ai_advice'],
    support: 'community',
  },
  essential: {
    slug: 'essential',
    monthlyPrice: 9,
    yearlyPrice: 90,
    limits: { max_hosts: 2, max_vms: UNLIMITED, max_users: 5, max_storage_gb: 2000 },
    features: ESSENTIAL_FEATURES,
    support: 'email_24h',
  },
  pro: {
    slug: 'pro',
    monthlyPrice: 29,
    yearlyPrice: 290,
    limits: { max_hosts: 10, max_vms: UNLIMITED, max_users: 25, max_storage_gb: 20000 },
    features: PRO_FEATURES,
    support: 'priority_4h',
    popular: true,
  },
  enterprise: {
    slug: 'enterprise',
    monthlyPrice: null,
    yearlyPrice: null,
    limits: { max_hosts: UNLIMITED, max_vms: UNLIMITED, max_users: UNLIMITED, max_storage_gb: UNLIMITED },
    features: PLAN_FEATURES,
    support: 'dedicated_247',
  },
};

/** The licence's `features` map: every known feature, true when the plan includes it. */
export function planFeatureMap(plan: PlanType): Record<PlanFeature, boolean> {
  const included = new Set<string>(PLANS[plan].features);
  return Object.fromEntries(PLAN_FEATURES.map((f) => [f, included.has(f)])) as Record<PlanFeature, boolean>;
}

/** Yearly price shown per month: yearly / 12, rounded (SPEC.md §9): 90 → 8, 290 → 24. */
export function yearlyPerMonth(plan: Plan): number | null {
  return plan.yearlyPrice === null ? null : Math.round(plan.yearlyPrice / 12);
}

/** The yearly discount shown as a badge: 17 % ('2 months free'). */
export const YEARLY_DISCOUNT_PERCENT = 17;

/** Whether `count` fits under a limit (-1 = unlimited). */
export function withinLimit(limit: number, count: number): boolean {
  return limit === UNLIMITED || count <= limit;
}
