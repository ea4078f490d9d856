import { PLANS } from '@proxai/contract/plans';

/** SPEC.md §9: the competing vendor's yearly cost per VM and per host, in euros. */
export const VENDOR_COST_PER_VM_YEAR = 200;
export const VENDOR_COST_PER_HOST_YEAR = 5000;
/** Extra per month when ProxAI is hosted for you (SaaS) rather than installed on premises. */
export const SAAS_SURCHARGE_MONTH = 5;
/** Optional support contract, per host and per year, added to ProxAI's side. */
export const SUPPORT_PER_HOST_YEAR = 500;

export const CALCULATOR_PLANS = ['free', 'essential', 'pro'] as const;
export type CalculatorPlan = (typeof CALCULATOR_PLANS)[number];
export type Deployment = 'saas' | 'onpremise';

export const CALCULATOR_LIMITS = { vms: { min: 10, max: 500 }, hosts: { min: 1, max: 50 } } as const;

export interface CalculatorInput {
  vms: number;
  hosts: number;
  plan: CalculatorPlan;
  deployment: Deployment;
  support: boolean;
}

export const CALCULATOR_DEFAULTS: CalculatorInput = { vms: 50, hosts: 5, plan: 'pro', deployment: 'saas', support: false };

export interface CalculatorResult {
  vendorYearly: number;
  proxaiMonthly: number;
  proxaiYearly: number;
  supportYearly: number;
  /** ProxAI yearly licence + support. */
  proxaiTotalYearly: number;
  savings: number;
  savingsPercent: number;
}

/** The migration calculator of SPEC.md §9, as a pure function. */
export function computeMigrationSavings(input: CalculatorInput): CalculatorResult {
  const vendorYearly = VENDOR_COST_PER_VM_YEAR * input.vms + VENDOR_COST_PER_HOST_YEAR * input.hosts;
  const planMonthly = PLANS[input.plan].monthlyPrice ?? 0;
  const proxaiMonthly = planMonthly + (input.deployment === 'saas' ? SAAS_SURCHARGE_MONTH : 0);
  const proxaiYearly = 12 * proxaiMonthly;
  const supportYearly = input.support ? SUPPORT_PER_HOST_YEAR * input.hosts : 0;
  const proxaiTotalYearly = proxaiYearly + supportYearly;
  const savings = vendorYearly - proxaiTotalYearly;
  const savingsPercent = vendorYearly === 0 ? 0 : Math.round((savings / vendorYearly) * 100);
  return { vendorYearly, proxaiMonthly, proxaiYearly, supportYearly, proxaiTotalYearly, savings, savingsPercent };
}
