import { apiCall } from '@/lib/api-client';

/** Ends this browser's session on the server (failures ignored: the local copy is cleared all the same). */
export async function logOut(): Promise<void> {
  try {
    await apiCall('POST', '/auth/logout', { skipUnauthorizedHandler: true });
  } catch {
    // Already expired or offline.
  }
}
