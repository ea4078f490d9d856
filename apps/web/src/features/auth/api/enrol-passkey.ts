import type { AccessTokenResponse, Passkey } from '@proxai/contract';
import { apiCall, NetworkError } from '@/lib/api-client';
import { createPasskey } from '../webauthn';
import { signInCall } from './sign-in-request';
import { mfaBearer } from './sign-in-answer';

/**
 * What POST /auth/passkeys answers with an enrolment `mfa_token`: the new passkey, the session it opens and, as it
 * is the person's first second factor, their ten recovery codes (shown only now; null when they already had some).
 */
export type PasskeyEnrolment = AccessTokenResponse & { passkey: Passkey; recovery_codes: string[] | null };

/**
 * A forced enrolment with a passkey instead of an authenticator app: the server's registration options, the
 * browser's prompt, then the new passkey, which opens the session.
 */
export async function enrolPasskey(mfaToken: string): Promise<PasskeyEnrolment> {
  const headers = mfaBearer(mfaToken);
  const options = await signInCall(apiCall('POST', '/auth/passkeys/options', { headers, skipUnauthorizedHandler: true }));
  const response = await createPasskey(options);
  const answer = await signInCall(
    apiCall('POST', '/auth/passkeys', {
      headers,
      body: { name: 'Passkey', response: { ...response } },
      skipUnauthorizedHandler: true,
    }),
  );
  // The session comes only with an enrolment token (a signed-in person adding a passkey gets none).
  if (!('access_token' in answer)) throw new NetworkError('The passkey was added but opened no session');
  return { access_token: answer.access_token, user: answer.user, passkey: answer.passkey, recovery_codes: answer.recovery_codes };
}
