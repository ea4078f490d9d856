import { apiCall } from '@/lib/api-client';

/** The demo account's e-mail when the portal runs its demo (outside production), else null (GET /demo answers 404). */
export async function getDemoEmail(signal?: AbortSignal): Promise<string | null> {
  try {
    const info = await apiCall('GET', '/demo', { signal, skipUnauthorizedHandler: true });
    return info.email;
  } catch {
    return null;
  }
}
