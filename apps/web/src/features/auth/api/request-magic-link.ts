import { isLanguage, type Language } from '@proxai/contract/languages';
import { apiCall } from '@/lib/api-client';

/** Mails a sign-in link and a 6-digit code in the page's language. */
export async function requestMagicLink(email: string, language: string | undefined): Promise<void> {
  const lang: Language = language && isLanguage(language) ? language : 'fr';
  await apiCall('POST', '/auth/magic-link', { body: { email, language: lang } });
}
