import type { AccessTokenResponse } from '@proxai/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { postSignIn } from './sign-in-request';

/** A second factor: a TOTP or recovery code, or a passkey's assertion. */
export type MfaProof = { code: string } | { webauthn_response: AuthenticationResponseJSON };

/** The second step of a sign-in (`mfa_required`): 400 `invalid_factor`, 401 `mfa_token_invalid` when it expired. */
export async function verifyMfa(mfaToken: string, proof: MfaProof): Promise<AccessTokenResponse> {
  return (await postSignIn('/auth/mfa/verify', { body: { mfa_token: mfaToken, ...proof } })) as AccessTokenResponse;
}
