import { ApiError, NetworkError } from '@/lib/api-client';

/** The server refused because the organisation's plan lacks API keys (403 `plan_required`, naming the plan). */
export function isPlanRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'plan_required';
}

/** The server refused the person's role (403 `forbidden`). */
export function isForbidden(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'forbidden';
}

/**
 * What to say about a failed change: the server's own words (`detail`, in the page's language), `networkMessage`
 * when it could not be reached, or null when the person cancelled the second-factor check the api client asked
 * for: that rejection is neither an ApiError nor a NetworkError, nothing was changed and nothing went wrong.
 */
export function failureMessage(error: unknown, networkMessage: string): string | null {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof NetworkError) return networkMessage;
  return null;
}
