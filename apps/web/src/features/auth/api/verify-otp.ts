import { apiCall } from '@/lib/api-client';
import { signInCall } from './sign-in-request';
import type { SignInAnswer } from './sign-in-answer';

/** Checks the 6-digit code; 409 (AccountSwitchRequiredError) until the person confirms replacing another account. */
export async function verifyOtp(email: string, otpCode: string, confirmSwitch = false): Promise<SignInAnswer> {
  return signInCall(
    apiCall('POST', '/auth/verify-otp', {
      body: confirmSwitch ? { email, otp_code: otpCode, confirm_switch: true } : { email, otp_code: otpCode },
      skipUnauthorizedHandler: true,
    }),
  );
}
