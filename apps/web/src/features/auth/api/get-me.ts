import type { AuthUser } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';

/**
 * The signed-in user; a 401 means the stored session is no longer valid (no global redirect here). Not the cached
 * GET /auth/me of the signed-in screens (lib/me.ts), on purpose: this is the sign-in page's probe of a stored session,
 * on a public page that never loads the query cache (TanStack Query is kept out of the public pages' scripts), and
 * its 401 is an answer the page handles itself (it forgets the session), not a reason to call the signed-in screens'
 * unauthorized handler, hence `skipUnauthorizedHandler`.
 */
export async function getMe(signal?: AbortSignal): Promise<AuthUser> {
  return apiCall('GET', '/auth/me', { signal, skipUnauthorizedHandler: true });
}
