import { ApiError, NetworkError } from '@/lib/api-client';

/** The auth namespace key for a failed call: rate limits and network failures get their own words. */
export function failureKey(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return 'messages.network';
  if (error instanceof ApiError && error.status === 429) return 'messages.rateLimited';
  return fallback;
}

/** 403 `admin_password_required`: a platform administrator signs in only with the password (DESIGN.md §6). */
export const isAdminPasswordRequired = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'admin_password_required';

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** 401 `mfa_token_invalid`: the second step of the sign-in expired (or was used); start again from the options. */
export const isMfaStepExpired = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code === 'mfa_token_invalid';

/** The auth namespace key for a failed second factor: 400 `invalid_factor` is a wrong code. */
export function factorFailureKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.code === 'invalid_factor') return 'mfa.wrongCode';
  return failureKey(error, 'mfa.error');
}
