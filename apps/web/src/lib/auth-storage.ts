import { STORAGE_KEYS } from '@/config/storage-keys';

/** The signed-in user as stored in the browser (SPEC.md §3). */
export interface StoredUser {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'user';
  organisation_id: string | null;
  org_role?: string;
  /** IANA time zone chosen in the profile (schedules show their runs in it); null or absent: the browser's. */
  timezone?: string | null;
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

/**
 * Keeps the token (for the Bearer header) and the user under product-prefixed keys. The `session_token`
 * cookie (7 days) is set by the server itself, HttpOnly, so scripts never read or write it.
 */
export function storeSession(token: string, user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Forgets the browser's copy of the session; the server clears its HttpOnly cookie on logout. */
export function clearSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // nothing stored
  }
}

/** Whether a session is stored in this browser (the HttpOnly cookie itself is invisible to scripts). */
export function hasStoredSession(): boolean {
  return getToken() !== null;
}
