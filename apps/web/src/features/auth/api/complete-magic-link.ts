import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';
import type { SignInAnswer } from './sign-in-answer';

/**
 * Trades the token of the e-mailed link `/auth#magic=…` for a session (or the second step). The first try leaves
 * out `confirm_switch`; the server then answers 409 (AccountSwitchRequiredError) rather than replace another account.
 */
export async function completeMagicLink(token: string, confirmSwitch = false): Promise<SignInAnswer> {
  return signInCall(
    apiCall('POST', '/auth/magic', {
      body: confirmSwitch ? { token, confirm_switch: true } : { token },
      skipUnauthorizedHandler: true,
    }),
  );
}
