import { apiCall } from '@/lib/api-client';
import { promptPasskey } from '../webauthn';
import { signInCall } from './sign-in-request';
import type { SignInAnswer } from './sign-in-answer';

/** A sign-in without e-mail: a challenge, the browser's passkey prompt, then the assertion for a session. */
export async function signInWithPasskey(): Promise<SignInAnswer> {
  const { challenge_id: challengeId, options } = await signInCall(
    apiCall('POST', '/auth/passkey/options', { skipUnauthorizedHandler: true }),
  );
  const response = await promptPasskey(options);
  return signInCall(
    apiCall('POST', '/auth/passkey/sign-in', {
      body: { challenge_id: challengeId, response: { ...response } },
      skipUnauthorizedHandler: true,
    }),
  );
}
