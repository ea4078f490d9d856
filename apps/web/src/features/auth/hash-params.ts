/**
 * What the server put in the /auth hash: a one-time session id to complete (OpenID Connect), the token of the
 * e-mailed link (`#magic=`), or an error to explain. The hash never reaches the server, so neither does the token
 * until the page posts it.
 */
export function readAuthHash(hash: string): { sessionId?: string; magic?: string; error?: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error') ?? undefined;
  const sessionId = params.get('session_id');
  // `#session_id=` with no value is a failed external sign-in too (SPEC.md §8: missing session id).
  if (sessionId !== null && sessionId.trim() === '') return { error: error ?? 'missing_session_id' };
  if (sessionId !== null) return { sessionId, error };
  const magic = params.get('magic');
  // A link cut short by the mail client: nothing to post, the person needs a new one.
  if (magic !== null && magic.trim() === '') return { error: error ?? 'link_expired' };
  return { magic: magic ?? undefined, error };
}

/** Removes the hash without a navigation, so a reload never replays a used session id or link. */
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
