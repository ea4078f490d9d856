import type { AccessTokenResponse, Passkey } from '@proxai/contract';
import { createPasskey } from '../webauthn';
import { postSignIn } from './sign-in-request';
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
  const options = (await postSignIn('/auth/passkeys/options', { headers })) as Record<string, unknown>;
  const response = await createPasskey(options);
  const answer = (await postSignIn('/auth/passkeys', { headers, body: { name: 'Passkey', response } })) as PasskeyEnrolment;
  return { ...answer, recovery_codes: answer.recovery_codes ?? null };
}
