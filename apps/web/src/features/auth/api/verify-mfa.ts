import type { AccessTokenResponse } from '@proxai/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';

/** A second factor: a TOTP or recovery code, or a passkey's assertion. */
export type MfaProof = { code: string } | { webauthn_response: AuthenticationResponseJSON };

/** The second step of a sign-in (`mfa_required`): 400 `invalid_factor`, 401 `mfa_token_invalid` when it expired. */
export async function verifyMfa(mfaToken: string, proof: MfaProof): Promise<AccessTokenResponse> {
  const body =
    'code' in proof
      ? { mfa_token: mfaToken, code: proof.code }
      : // The document types WebAuthn JSON as a plain object (a copy of the interface is one).
        { mfa_token: mfaToken, webauthn_response: { ...proof.webauthn_response } };
  // A proven second factor opens the session.
  return signInCall(apiCall('POST', '/auth/mfa/verify', { body, skipUnauthorizedHandler: true }));
}
