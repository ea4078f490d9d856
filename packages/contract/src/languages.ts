/** The nine languages of the product (SPEC §9); French is the default and fallback. No zod here: the web entry imports it. */
export const LANGUAGES = ['fr', 'en', 'es', 'it', 'de', 'pt', 'zh', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Whether `code` (a bare language code such as 'en') is one of the nine. */
export const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);
