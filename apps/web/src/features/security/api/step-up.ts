import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { apiCall } from '@/lib/api-client';

// Proving a factor for a step-up challenge. These calls are not step-up protected themselves: plain apiCall().

type CodeMethod = 'totp' | 'recovery' | 'email';

/** A code (authenticator, recovery or e-mailed) or a passkey's assertion, for `challenge`; answers the token. */
export type StepUpProof =
  { challenge: string; code: string; method: CodeMethod } | { challenge: string; webauthn_response: AuthenticationResponseJSON };

/** 400 `invalid_factor` for a wrong code. */
export async function proveStepUp(proof: StepUpProof): Promise<string> {
  const body =
    'code' in proof
      ? proof
      : // The document types WebAuthn JSON as a plain object (a copy of the interface is one).
        { challenge: proof.challenge, webauthn_response: { ...proof.webauthn_response } };
  const answer = await apiCall('POST', '/auth/step-up', { body });
  return answer.step_up_token;
}

/** Mails a 6-digit code for `challenge` (then proven with method `email`). */
export async function emailStepUpCode(challenge: string): Promise<void> {
  await apiCall('POST', '/auth/step-up/email', { body: { challenge } });
}
