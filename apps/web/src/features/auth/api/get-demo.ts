import { api } from '@/lib/api-client';

/** The demo account's e-mail when the portal runs its demo (outside production), else null. */
export async function getDemoEmail(signal?: AbortSignal): Promise<string | null> {
  try {
    // GET /demo is a development route, left out of the OpenAPI document: its answer is checked here, not typed.
    const info = await api('/demo', { signal, skipUnauthorizedHandler: true });
    return typeof info === 'object' && info !== null && 'email' in info && typeof info.email === 'string' ? info.email : null;
  } catch {
    return null;
  }
}
