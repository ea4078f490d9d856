import type { AuthUser } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';

/** The signed-in user; a 401 means the stored session is no longer valid (no global redirect here). */
export async function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return apiCall('GET', '/auth/me', { signal, skipUnauthorizedHandler: true });
}
