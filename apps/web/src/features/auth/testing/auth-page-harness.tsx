// The /auth page's test harness (not shipped): a fetch stub answering by path, the page in a memory router, the
// answers the sign-in routes give, and the setup every test file of the page shares.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { AuthPage } from '../auth-page';

export const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@b.co',
  name: 'Ada',
  role: 'user',
  organisation_id: null,
  org_role: 'owner',
};
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by path; anything unexpected fails loudly. */
export function stubApi(routes: Record<string, (init?: RequestInit) => Response>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const handler = routes[`${init?.method ?? 'GET'} ${url}`];
      if (!handler) throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url}`);
      return handler(init);
    }),
  );
  return calls;
}

/** The page at `entry` (`/auth?next=…` to test where a sign-in goes). */
export function renderAuth(entry = '/auth') {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/invite/:token', element: <p>invite</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

export const NO_OIDC = () => json({ oidc: { enabled: false, name: null }, email: true, admin: true });

export const OLD_TOKEN = 'o'.repeat(43);
export const NEW_USER = { ...USER, id: '00000000-0000-4000-8000-000000000002', email: 'new@example.org', name: 'Nina' };
export const SWITCH_409 = () =>
  json(
    {
      detail: 'Another account is signed in',
      code: 'account_switch_required',
      current_email: 'old@example.org',
      new_email: 'new@example.org',
    },
    409,
  );
export const ADMIN_403 = () => json({ detail: 'Use your password', code: 'admin_password_required' }, 403);

export const MFA_TOKEN = 't'.repeat(43);
/** The second step a completion answers instead of a session (MfaChallengeSchema). */
export const mfaChallenge = (
  code: 'mfa_required' | 'mfa_enrolment_required',
  webauthn: Record<string, unknown> | null = null,
  methods = code === 'mfa_required' ? ['totp', 'recovery'] : [],
) => json({ code, mfa_token: MFA_TOKEN, methods, webauthn });

/** The headers of the first call to `url`. */
export const headersOf = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.find((c) => c.url === url)?.init?.headers as Record<string, string> | undefined;

export async function signInAsAdmin() {
  await userEvent.click(await screen.findByTestId('auth-option-admin'));
  await userEvent.type(screen.getByTestId('admin-email-input'), 'root@example.org');
  await userEvent.type(screen.getByTestId('admin-password-input'), 'secret');
  await userEvent.click(screen.getByTestId('admin-login-button'));
}

/** This browser is already signed in as old@example.org. */
export function signInAsOld() {
  localStorage.setItem(STORAGE_KEYS.token, OLD_TOKEN);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...USER, email: 'old@example.org', name: 'Olga' }));
}

/** The JSON bodies posted to `url`, in order. */
export const postedBodies = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((c) => c.url === url).map((c) => (c.init?.body ? (JSON.parse(c.init.body as string) as unknown) : undefined));

/** First answer `first`, then `then` for every later call. */
export function sequence(first: () => Response, then: () => Response) {
  let count = 0;
  return () => (count++ === 0 ? first() : then());
}

export async function reachVerifyStep(email = 'new@example.org') {
  await userEvent.click(await screen.findByTestId('auth-option-email'));
  await userEvent.type(screen.getByTestId('email-input'), email);
  await userEvent.click(screen.getByTestId('send-code-button'));
  await userEvent.type(await screen.findByTestId('otp-input'), '123456');
  await userEvent.click(screen.getByTestId('verify-code-button'));
}

/** French, a clean /auth address and storages before each test; the fetch stub removed after it. */
export function setUpAuthPageTests() {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    window.history.replaceState(null, '', '/auth');
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
