import type { AuthUser } from '@proxai/contract';
import { api } from '@/lib/api-client';

/** The signed-in user; a 401 means the stored session is no longer valid (no global redirect here). */
export async function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return (await api('/auth/me', { signal, skipUnauthorizedHandler: true })) as AuthUser;
}
