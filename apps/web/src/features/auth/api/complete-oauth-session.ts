import type { MfaChallenge, OAuthSessionResponse } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';

/**
 * Trades the one-time id of `/auth#session_id=…` (OpenID Connect) for a session (or the second step);
 * `confirmSwitch` after the person agreed to replace the account signed in in this browser (409
 * AccountSwitchRequiredError).
 */
export async function completeOAuthSession(
  sessionId: string,
  confirmSwitch = false,
): Promise<OAuthSessionResponse | MfaChallenge> {
  return signInCall(
    apiCall('POST', '/auth/oauth/session', {
      headers: { 'x-session-id': sessionId },
      body: confirmSwitch ? { confirm_switch: true } : undefined,
      skipUnauthorizedHandler: true,
    }),
  );
}
