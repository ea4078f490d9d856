/** Browser storage keys, all prefixed with the product name (SPEC.md §3). */
export const STORAGE_KEYS = {
  token: 'proxai_token',
  user: 'proxai_user',
  theme: 'proxai_theme',
  language: 'proxai_language',
} as const;

export const SESSION_COOKIE = 'session_token';
export const SESSION_COOKIE_DAYS = 7;
