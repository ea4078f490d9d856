import type { AuthProviders } from '@proxai/contract';
import { api } from '@/lib/api-client';

/** Which sign-in methods the portal offers (the external provider may not be configured). */
export async function getProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return (await api('/auth/providers', { signal })) as AuthProviders;
}
