import type { AccessTokenResponse } from '@proxai/contract';
import { api } from '@/lib/api-client';

export async function adminLogin(email: string, password: string): Promise<AccessTokenResponse> {
  return (await api('/auth/admin-login', {
    method: 'POST',
    body: { email, password },
    skipUnauthorizedHandler: true,
  })) as AccessTokenResponse;
}
