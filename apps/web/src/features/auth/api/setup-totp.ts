import type { TotpSetup } from '@proxai/contract';
import { postSignIn } from './sign-in-request';
import { mfaBearer } from './sign-in-answer';

/** A new authenticator secret for a forced enrolment (`mfa_enrolment_required`), with its otpauth:// address. */
export async function setupTotp(mfaToken: string): Promise<TotpSetup> {
  return (await postSignIn('/auth/mfa/totp/setup', { headers: mfaBearer(mfaToken) })) as TotpSetup;
}
