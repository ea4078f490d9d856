// `/auth?next=/invite/…`: where to go once signed in instead of the dashboard.

const ORIGIN = 'https://proxai.invalid';
const REMEMBERED_KEY = 'proxai_auth_next';

/**
 * The `next` of /auth as a path of this site (`/invite/abc?x=1`), or null: never `//host`, `/\host`, a scheme
 * (`https:`, `javascript:`) or /auth itself. The path is read back from a parsed URL, so what is followed is what
 * was checked.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The OpenID Connect sign-in leaves this page and comes back to `/auth#session_id=…` without the query: the
 * tab keeps `next` for that return (sessionStorage, this tab only), read once by `takeRememberedNext`.
 */
export function rememberNext(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(REMEMBERED_KEY, path);
    else sessionStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // storage disabled: the dashboard then
  }
}

export function takeRememberedNext(): string | null {
  try {
    const path = sessionStorage.getItem(REMEMBERED_KEY);
    sessionStorage.removeItem(REMEMBERED_KEY);
    return safeNextPath(path);
  } catch {
    return null;
  }
}
