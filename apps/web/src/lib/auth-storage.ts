import { SESSION_COOKIE, SESSION_COOKIE_DAYS, STORAGE_KEYS } from '@/config/storage-keys';

/** The signed-in user as stored in the browser (SPEC.md §3). */
export interface StoredUser {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'user';
  organisation_id: string | null;
  org_role?: string;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the token and user under product-prefixed keys, and the `session_token` cookie for 7 days. */
export function storeSession(token: string, user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}; Max-Age=${SESSION_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // nothing stored
  }
  document.cookie = `${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function hasSessionCookie(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
}
