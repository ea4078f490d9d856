import { isLanguage, LANGUAGES, type Language } from '@proxai/contract/languages';

export interface LanguageEntry {
  code: Language;
  /** The language's own name, shown in the selector. */
  name: string;
  /** SPEC.md's language entry; the selector shows names only (see components/language-select.tsx). */
  flag: string;
}

/** The nine languages of SPEC.md §9, in the selector's order. */
export const LANGUAGE_ENTRIES: readonly LanguageEntry[] = [
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'it', name: 'Italiano', flag: '🇮🇹' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { code: 'pt', name: 'Português', flag: '🇵🇹' },
  { code: 'zh', name: '中文', flag: '🇨🇳' },
  { code: 'ja', name: '日本語', flag: '🇯🇵' },
  { code: 'ar', name: 'العربية', flag: '🇸🇦' },
];

export { isLanguage, LANGUAGES, type Language };
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);
