import { PLAN_TYPES, type PlanType } from '@proxai/contract';
import { ApiError } from '@/lib/api-client';

/** The server refused because the organisation's plan lacks the feature (403 `plan_required`). */
export function isPlanRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'plan_required';
}

/**
 * The cheapest plan that opens the feature, from the `plan` of a `plan_required` answer; null when the error is
 * another one or does not name a known plan.
 */
export function requiredPlan(error: unknown): PlanType | null {
  if (!isPlanRequired(error)) return null;
  return PLAN_TYPES.find((p) => p === error.plan) ?? null;
}
