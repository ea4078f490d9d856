import { ApiError, NetworkError } from '@/lib/api-client';

/**
 * What to say about a failed change: the server's own words (`detail`, in the page's language, e.g. for
 * `last_owner`), `networkMessage` when it could not be reached, or null when the person cancelled the second-factor
 * check the api client asked for: that rejection is neither an ApiError nor a NetworkError, nothing was changed and
 * nothing went wrong.
 */
export function failureMessage(error: unknown, networkMessage: string): string | null {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof NetworkError) return networkMessage;
  return null;
}
