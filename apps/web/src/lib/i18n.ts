import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGES, RTL_LANGUAGES } from '@/config/languages';
import { STORAGE_KEYS } from '@/config/storage-keys';

// Each feature owns a namespace file per language (src/locales/<lng>/<ns>.json); only the ones a page
// uses are downloaded, so the landing page never pays for the dashboard's strings.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Applies `lang` and `dir` on <html>: Arabic is right-to-left. */
export function applyDocumentLanguage(language: string): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

export const i18nReady = i18n
  .use(lazyBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // Every namespace holds the same keys in the nine languages (locales.test.ts), so a supported language
    // never needs another's strings: only an unsupported one falls back to French. Loading French beside
    // every other language would cost each page one more file per namespace for nothing.
    // i18next asks with no code while no language is chosen yet: French then too.
    fallbackLng: (code?: string) => (code && isLanguage(code.slice(0, 2).toLowerCase()) ? [] : ['fr']),
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    // i18next's defaults, given explicitly: it then skips, on every t(), guessing whether a key is a
    // sentence or a path (a filter and a regular expression per call, ~130 calls on the dashboard's first render).
    keySeparator: '.',
    nsSeparator: ':',
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
    // No sponsor message in the visitor's console.
    showSupportNotice: false,
  });

i18n.on('languageChanged', applyDocumentLanguage);

export { i18n };
