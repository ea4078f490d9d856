import type { AccessTokenResponse } from '@proxai/contract';
import { api } from '@/lib/api-client';

export async function verifyOtp(email: string, otpCode: string): Promise<AccessTokenResponse> {
  return (await api('/auth/verify-otp', { method: 'POST', body: { email, otp_code: otpCode } })) as AccessTokenResponse;
}
