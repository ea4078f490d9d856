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
