import { api } from '@/lib/api-client';

/** The demo account's e-mail when the portal runs its demo (outside production), else null. */
export async function getDemoEmail(signal?: AbortSignal): Promise<string | null> {
  try {
    const info = (await api('/demo', { signal, skipUnauthorizedHandler: true })) as { email?: unknown };
    return typeof info.email === 'string' ? info.email : null;
  } catch {
    return null;
  }
}
