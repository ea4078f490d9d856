import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';

// Proving a factor for a step-up challenge. These calls are not step-up protected themselves: plain api().

type CodeMethod = 'totp' | 'recovery' | 'email';

/** A code (authenticator, recovery or e-mailed) or a passkey's assertion, for `challenge`; answers the token. */
export type StepUpProof =
  { challenge: string; code: string; method: CodeMethod } | { challenge: string; webauthn_response: AuthenticationResponseJSON };

/** 400 `invalid_factor` for a wrong code. */
export async function proveStepUp(proof: StepUpProof): Promise<string> {
  const answer = (await api('/auth/step-up', { method: 'POST', body: proof })) as { step_up_token: string };
  return answer.step_up_token;
}

/** Mails a 6-digit code for `challenge` (then proven with method `email`). */
export async function emailStepUpCode(challenge: string): Promise<void> {
  await api('/auth/step-up/email', { method: 'POST', body: { challenge } });
}
