import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '@/lib/api-client';

/** The name of the error a request rejects with when the person cancels the step-up prompt. */
export const STEP_UP_CANCELLED = 'StepUpCancelled';

export function stepUpCancelled(): Error {
  const error = new Error('The confirmation was cancelled');
  error.name = STEP_UP_CANCELLED;
  return error;
}

export const isStepUpCancelled = (error: unknown) => error instanceof Error && error.name === STEP_UP_CANCELLED;

/** 409 `mfa_required_by_policy`: the last second factor cannot go while a policy requires one. */
export const isRequiredByPolicy = (error: unknown) => error instanceof ApiError && error.code === 'mfa_required_by_policy';

/**
 * The security key for a WebAuthn ceremony that failed in the browser (@simplewebauthn keeps the DOMException's
 * name): refused or timed out, an authenticator already registered, a page that may not use passkeys.
 */
function passkeyProblemKey(error: unknown): 'passkey.refused' | 'passkey.alreadyRegistered' | 'passkey.failed' | null {
  if (!(error instanceof Error) || error instanceof ApiError || error instanceof NetworkError) return null;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'passkey.refused';
  if (error.name === 'InvalidStateError') return 'passkey.alreadyRegistered';
  if (['SecurityError', 'NotSupportedError', 'ConstraintError', 'UnknownError', 'TypeError'].includes(error.name)) {
    return 'passkey.failed';
  }
  return null;
}

/** What to tell the person about a failure: the server's words, or ours; null when they cancelled a step-up. */
export function problemText(error: unknown, t: TFunction<'security'>): string | null {
  if (isStepUpCancelled(error)) return null;
  if (error instanceof ApiError) return error.detail;
  if (error instanceof NetworkError) return t('errors.network');
  const passkey = passkeyProblemKey(error);
  return passkey ? t(passkey) : t('errors.unexpected');
}
