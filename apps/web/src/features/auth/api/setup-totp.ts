import type { TotpSetup } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';
import { mfaBearer } from './sign-in-answer';

/** A new authenticator secret for a forced enrolment (`mfa_enrolment_required`), with its otpauth:// address. */
export async function setupTotp(mfaToken: string): Promise<TotpSetup> {
  return signInCall(apiCall('POST', '/auth/mfa/totp/setup', { headers: mfaBearer(mfaToken), skipUnauthorizedHandler: true }));
}
