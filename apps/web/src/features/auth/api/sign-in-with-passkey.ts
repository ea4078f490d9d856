import { promptPasskey } from '../webauthn';
import { postSignIn } from './sign-in-request';
import type { SignInAnswer } from './sign-in-answer';

/** A sign-in without e-mail: a challenge, the browser's passkey prompt, then the assertion for a session. */
export async function signInWithPasskey(): Promise<SignInAnswer> {
  const { challenge_id: challengeId, options } = (await postSignIn('/auth/passkey/options')) as {
    challenge_id: string;
    options: Record<string, unknown>;
  };
  const response = await promptPasskey(options);
  return (await postSignIn('/auth/passkey/sign-in', { body: { challenge_id: challengeId, response } })) as SignInAnswer;
}
