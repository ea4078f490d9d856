import type { OAuthSessionResponse } from '@proxai/contract';
import { api } from '@/lib/api-client';

/** Trades the one-time id of `/auth#session_id=…` (OpenID Connect or the e-mailed link) for a session. */
export async function completeOAuthSession(sessionId: string): Promise<OAuthSessionResponse> {
  return (await api('/auth/oauth/session', {
    method: 'POST',
    headers: { 'x-session-id': sessionId },
    skipUnauthorizedHandler: true,
  })) as OAuthSessionResponse;
}
