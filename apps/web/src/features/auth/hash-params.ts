/** What the server put in the /auth hash: a one-time session id to complete, or an error to explain. */
export function readAuthHash(hash: string): { sessionId?: string; error?: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sessionId = params.get('session_id');
  // `#session_id=` with no value is a failed external sign-in too (SPEC.md §8: missing session id).
  if (sessionId !== null && sessionId.trim() === '') return { error: params.get('error') ?? 'missing_session_id' };
  return { sessionId: sessionId ?? undefined, error: params.get('error') ?? undefined };
}

/** Removes the hash without a navigation, so a reload never replays a used session id. */
export function clearAuthHash(): void {
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}

const ERROR_KEYS: Record<string, string> = {
  link_expired: 'messages.linkExpired',
  oidc_unavailable: 'messages.oidcUnavailable',
  oidc_failed: 'messages.oauthError',
  rate_limited: 'messages.rateLimited',
};

export const hashErrorKey = (error: string) => ERROR_KEYS[error] ?? 'messages.oauthError';
