import type { AccessTokenResponse, MfaChallenge } from '@proxai/contract';

/**
 * What a sign-in completion (password, e-mailed code or link, OpenID Connect handoff, passkey) answers: the
 * session, or the second step (`mfa_required` / `mfa_enrolment_required`, MfaChallengeSchema) to go through first.
 */
export type SignInAnswer = AccessTokenResponse | MfaChallenge;

export const isMfaChallenge = (answer: SignInAnswer): answer is MfaChallenge =>
  'mfa_token' in answer && typeof answer.mfa_token === 'string';

/** The header that lets the second step's calls act for the person before any session exists. */
export const mfaBearer = (mfaToken: string) => ({ authorization: `Bearer ${mfaToken}` });
