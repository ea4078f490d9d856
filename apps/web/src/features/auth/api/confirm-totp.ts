import type { RecoveryCodes } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';
import { mfaBearer } from './sign-in-answer';

/** The first code of the new authenticator: turns it on, answers the recovery codes and (with an mfa_token) the session. */
export async function confirmTotp(mfaToken: string, code: string): Promise<RecoveryCodes> {
  return signInCall(
    apiCall('POST', '/auth/mfa/totp/confirm', { headers: mfaBearer(mfaToken), body: { code }, skipUnauthorizedHandler: true }),
  );
}
