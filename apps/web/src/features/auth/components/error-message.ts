import { ApiError, NetworkError } from '@/lib/api-client';

/** The auth namespace key for a failed call: rate limits and network failures get their own words. */
export function failureKey(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return 'messages.network';
  if (error instanceof ApiError && error.status === 429) return 'messages.rateLimited';
  return fallback;
}

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
