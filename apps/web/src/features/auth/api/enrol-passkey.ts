import type { AccessTokenResponse, Passkey } from '@proxai/contract';
import { createPasskey } from '../webauthn';
import { postSignIn } from './sign-in-request';
import { mfaBearer } from './sign-in-answer';

/**
 * A forced enrolment with a passkey instead of an authenticator app: the server's registration options, the
 * browser's prompt, then the new passkey, which opens the session.
 */
export async function enrolPasskey(mfaToken: string): Promise<AccessTokenResponse & { passkey: Passkey }> {
  const headers = mfaBearer(mfaToken);
  const options = (await postSignIn('/auth/passkeys/options', { headers })) as Record<string, unknown>;
  const response = await createPasskey(options);
  return (await postSignIn('/auth/passkeys', { headers, body: { name: 'Passkey', response } })) as AccessTokenResponse & {
    passkey: Passkey;
  };
}
