import type { MfaChallenge, OAuthSessionResponse } from '@proxai/contract';
import { postSignIn } from './sign-in-request';

/**
 * Trades the one-time id of `/auth#session_id=…` (OpenID Connect) for a session (or the second step);
 * `confirmSwitch` after the person agreed to replace the account signed in in this browser (409
 * AccountSwitchRequiredError).
 */
export async function completeOAuthSession(
  sessionId: string,
  confirmSwitch = false,
): Promise<OAuthSessionResponse | MfaChallenge> {
  return (await postSignIn('/auth/oauth/session', {
    headers: { 'x-session-id': sessionId },
    body: confirmSwitch ? { confirm_switch: true } : undefined,
  })) as OAuthSessionResponse | MfaChallenge;
}
