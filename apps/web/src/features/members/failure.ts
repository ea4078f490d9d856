import { ApiError, ApprovalPendingError, NetworkError } from '@/lib/api-client';

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

/** A change's outcome written on the page: refused (`error`), or held for another member's approval (`info`). */
export interface Notice {
  message: string;
  tone: 'error' | 'info';
}

/**
 * As failureMessage, but a change the organisation holds for a second member's approval (202 `approval_required`)
 * is news, not a failure: its detail is an informational notice.
 */
export function changeNotice(error: unknown, networkMessage: string): Notice | null {
  if (error instanceof ApprovalPendingError) return { message: error.detail, tone: 'info' };
  const message = failureMessage(error, networkMessage);
  return message === null ? null : { message, tone: 'error' };
}
