import type { AuthProviders } from '@proxai/contract';
import { apiCall } from '@/lib/api-client';

/** Which sign-in methods the portal offers (the external provider may not be configured). */
export async function getProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiCall('GET', '/auth/providers', { signal });
}
