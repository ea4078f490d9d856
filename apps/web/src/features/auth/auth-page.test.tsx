import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { AuthPage } from './auth-page';

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@b.co',
  name: 'Ada',
  role: 'user',
  organisation_id: null,
  org_role: 'owner',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers by path; anything unexpected fails loudly. */
function stubApi(routes: Record<string, (init?: RequestInit) => Response>) {
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

function renderAuth() {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/auth'] },
  );
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

const NO_OIDC = () => json({ oidc: { enabled: false, name: null }, email: true, admin: true });

const OLD_TOKEN = 'o'.repeat(43);
const NEW_USER = { ...USER, id: '00000000-0000-4000-8000-000000000002', email: 'new@example.org', name: 'Nina' };
const SWITCH_409 = () =>
  json(
    {
      detail: 'Another account is signed in',
      code: 'account_switch_required',
      current_email: 'old@example.org',
      new_email: 'new@example.org',
    },
    409,
  );
const ADMIN_403 = () => json({ detail: 'Use your password', code: 'admin_password_required' }, 403);

/** This browser is already signed in as old@example.org. */
function signInAsOld() {
  localStorage.setItem(STORAGE_KEYS.token, OLD_TOKEN);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...USER, email: 'old@example.org', name: 'Olga' }));
}

/** The JSON bodies posted to `url`, in order. */
const postedBodies = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls.filter((c) => c.url === url).map((c) => (c.init?.body ? (JSON.parse(c.init.body as string) as unknown) : undefined));

/** First answer `first`, then `then` for every later call. */
function sequence(first: () => Response, then: () => Response) {
  let count = 0;
  return () => (count++ === 0 ? first() : then());
}

async function reachVerifyStep(email = 'new@example.org') {
  await userEvent.click(await screen.findByTestId('auth-option-email'));
  await userEvent.type(screen.getByTestId('email-input'), email);
  await userEvent.click(screen.getByTestId('send-code-button'));
  await userEvent.type(await screen.findByTestId('otp-input'), '123456');
  await userEvent.click(screen.getByTestId('verify-code-button'));
}

describe('AuthPage', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    window.history.replaceState(null, '', '/auth');
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the four options; the identity provider button explains itself when not configured', async () => {
    stubApi({ 'GET /api/auth/providers': NO_OIDC });
    renderAuth();
    expect(await screen.findByTestId('auth-option-email')).toHaveTextContent('Continuer avec un e-mail');
    expect(screen.getByTestId('auth-option-admin')).toBeInTheDocument();
    expect(screen.getByTestId('auth-option-microsoft')).toBeInTheDocument();
    // The button is disabled while the providers load too: wait for their answer, which adds the explanation.
    expect(await screen.findByTestId('oidc-unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('auth-option-oidc')).toBeDisabled();
  });

  it('validates the e-mail and the code (required, at most 6 characters, numeric keypad), then signs in', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': () => json({ access_token: 'k'.repeat(43), user: USER }),
    });
    const router = renderAuth();
    await userEvent.click(await screen.findByTestId('auth-option-email'));
    await userEvent.click(screen.getByTestId('send-code-button'));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('email-input'), 'ada@example.org');
    await userEvent.click(screen.getByTestId('send-code-button'));
    const otp = await screen.findByTestId('otp-input');
    expect(JSON.parse(calls.find((c) => c.url === '/api/auth/magic-link')?.init?.body as string)).toEqual({
      email: 'ada@example.org',
      language: 'fr',
    });
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('maxlength', '6');
    await userEvent.click(screen.getByTestId('verify-code-button'));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeInTheDocument();
    await userEvent.type(otp, '12345678');
    expect(otp).toHaveValue('123456');
    await userEvent.click(screen.getByTestId('verify-code-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('k'.repeat(43));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ name: 'Ada' });
  });

  it("a wrong code says 'Code invalide ou expiré'; 'Renvoyer un code' goes back to the e-mail step", async () => {
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': () => json({ detail: 'Invalid or expired code', code: 'invalid_code' }, 400),
    });
    renderAuth();
    await userEvent.click(await screen.findByTestId('auth-option-email'));
    await userEvent.type(screen.getByTestId('email-input'), 'ada@example.org');
    await userEvent.click(screen.getByTestId('send-code-button'));
    await userEvent.type(await screen.findByTestId('otp-input'), '654321');
    await userEvent.click(screen.getByTestId('verify-code-button'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Code invalide ou expiré');
    await userEvent.click(screen.getByTestId('resend-code-button'));
    expect(await screen.findByTestId('email-input')).toHaveValue('ada@example.org');
  });

  it('administrator: 401 and 403 have their own messages', async () => {
    let status = 401;
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/admin-login': () => json({ detail: 'x', code: 'x' }, status),
    });
    renderAuth();
    await userEvent.click(await screen.findByTestId('auth-option-admin'));
    await userEvent.click(screen.getByTestId('admin-login-button'));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    await userEvent.type(screen.getByTestId('admin-email-input'), 'root@example.org');
    await userEvent.type(screen.getByTestId('admin-password-input'), 'secret');
    await userEvent.click(screen.getByTestId('admin-login-button'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Email ou mot de passe incorrect');
    status = 403;
    await userEvent.click(screen.getByTestId('admin-login-button'));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('Accès non autorisé'));
    status = 500;
    await userEvent.click(screen.getByTestId('admin-login-button'));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('Erreur lors de la connexion'));
  });

  it('completes #session_id once and lands on /dashboard', async () => {
    window.history.replaceState(null, '', '/auth#session_id=abc');
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/oauth/session': () => json({ session_token: 's'.repeat(43), user: USER }),
    });
    const router = renderAuth();
    expect(await screen.findByTestId('auth-loading')).toHaveTextContent('Authentification en cours...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sessionCalls = calls.filter((c) => c.url === '/api/auth/oauth/session');
    expect(sessionCalls).toHaveLength(1);
    expect((sessionCalls[0]?.init?.headers as Record<string, string>)['x-session-id']).toBe('abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('s'.repeat(43));
  });

  it('completes #magic= with a POST once, clears the hash and lands on /dashboard', async () => {
    window.history.replaceState(null, '', '/auth#magic=tok_123');
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': () => json({ access_token: 'm'.repeat(43), user: USER }),
    });
    const router = renderAuth();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/magic')).toEqual([{ token: 'tok_123' }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('m'.repeat(43));
    expect(window.location.hash).toBe('');
  });

  it('a link pasted into the open /auth tab (only the hash changes) completes too', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': () => json({ access_token: 'm'.repeat(43), user: USER }),
    });
    const router = renderAuth();
    await screen.findByTestId('auth-option-email');
    window.history.pushState(null, '', '/auth#magic=pasted');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/magic')).toEqual([{ token: 'pasted' }]);
    expect(window.location.hash).toBe('');
  });

  it('#magic= while another account is signed in: asks first (both addresses), "continue" repeats with confirm_switch', async () => {
    signInAsOld();
    window.history.replaceState(null, '', '/auth#magic=tok_123');
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': sequence(SWITCH_409, () => json({ access_token: 'n'.repeat(43), user: NEW_USER })),
    });
    const router = renderAuth();
    const question = await screen.findByTestId('switch-question');
    expect(question).toHaveTextContent('old@example.org');
    expect(question).toHaveTextContent('new@example.org');
    expect(screen.getByTestId('switch-continue-button')).toHaveTextContent('new@example.org');
    expect(screen.getByTestId('switch-stay-button')).toHaveTextContent('old@example.org');
    // The question takes the focus; nothing was switched yet and the hash is already gone.
    expect(screen.getByRole('heading', { name: 'Un autre compte est connecté' })).toHaveFocus();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(OLD_TOKEN);
    expect(window.location.hash).toBe('');
    // The handoff runs before the stored session is checked, and carries it so the server can see the switch.
    expect(calls.some((c) => c.url === '/api/auth/me')).toBe(false);
    expect((calls[0]?.init?.headers as Record<string, string>).authorization).toBe(`Bearer ${OLD_TOKEN}`);

    await userEvent.click(screen.getByTestId('switch-continue-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/magic')).toEqual([{ token: 'tok_123' }, { token: 'tok_123', confirm_switch: true }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('n'.repeat(43));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ email: 'new@example.org' });
  });

  it('"stay" keeps the signed-in account, posts nothing more and goes to /dashboard', async () => {
    signInAsOld();
    window.history.replaceState(null, '', '/auth#magic=tok_123');
    const calls = stubApi({ 'GET /api/auth/providers': NO_OIDC, 'POST /api/auth/magic': SWITCH_409 });
    const router = renderAuth();
    await userEvent.click(await screen.findByTestId('switch-stay-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/magic')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(OLD_TOKEN);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ email: 'old@example.org' });
    expect(window.location.hash).toBe('');
  });

  it('an expired or used link says so, clears the hash and shows the options', async () => {
    window.history.replaceState(null, '', '/auth#magic=used');
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': () => json({ detail: 'Invalid or expired code', code: 'invalid_code' }, 400),
    });
    const router = renderAuth();
    expect(await screen.findByTestId('auth-error')).toHaveTextContent(
      'Ce lien de connexion a expiré ou a déjà été utilisé. Demandez un nouveau code.',
    );
    expect(screen.getByTestId('auth-option-email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a rate-limited link says to wait', async () => {
    window.history.replaceState(null, '', '/auth#magic=tok');
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': () => json({ detail: 'Too many', code: 'rate_limited' }, 429),
    });
    renderAuth();
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Trop de tentatives.');
  });

  it("an administrator's link opens the administrator view with the reason", async () => {
    await i18n.changeLanguage('en');
    window.history.replaceState(null, '', '/auth#magic=tok');
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'POST /api/auth/magic': ADMIN_403 });
    renderAuth();
    expect(await screen.findByTestId('admin-view')).toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent(
      'This is an administrator account: sign in with your password (Administrator login).',
    );
    expect(window.location.hash).toBe('');
  });

  it('code: 409 asks first; "continue" repeats verify-otp with confirm_switch', async () => {
    // No token stored here: the server sees the other account by its session cookie.
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': sequence(SWITCH_409, () => json({ access_token: 'n'.repeat(43), user: NEW_USER })),
    });
    const router = renderAuth();
    await reachVerifyStep();
    const question = await screen.findByTestId('switch-question');
    expect(question).toHaveTextContent('old@example.org');
    expect(question).toHaveTextContent('new@example.org');
    await userEvent.click(screen.getByTestId('switch-continue-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/verify-otp')).toEqual([
      { email: 'new@example.org', otp_code: '123456' },
      { email: 'new@example.org', otp_code: '123456', confirm_switch: true },
    ]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('n'.repeat(43));
  });

  it('code: "stay" goes to /dashboard without a second verify-otp', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': SWITCH_409,
    });
    const router = renderAuth();
    await reachVerifyStep();
    await userEvent.click(await screen.findByTestId('switch-stay-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/verify-otp')).toHaveLength(1);
  });

  it("code: an administrator's address opens the administrator view, address filled in", async () => {
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': ADMIN_403,
    });
    renderAuth();
    await reachVerifyStep('root@example.org');
    expect(await screen.findByTestId('admin-view')).toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('connectez-vous avec votre mot de passe');
    expect(screen.getByTestId('admin-email-input')).toHaveValue('root@example.org');
    expect(screen.getByTestId('admin-password-input')).toHaveFocus();
  });

  it('#session_id= with another account signed in: asks first, "continue" posts confirm_switch with the same id', async () => {
    signInAsOld();
    window.history.replaceState(null, '', '/auth#session_id=abc');
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/oauth/session': sequence(SWITCH_409, () => json({ session_token: 's'.repeat(43), user: NEW_USER })),
    });
    const router = renderAuth();
    expect(await screen.findByTestId('switch-question')).toHaveTextContent('new@example.org');
    expect(window.location.hash).toBe('');
    await userEvent.click(screen.getByTestId('switch-continue-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sessionCalls = calls.filter((c) => c.url === '/api/auth/oauth/session');
    expect(sessionCalls.map((c) => (c.init?.headers as Record<string, string>)['x-session-id'])).toEqual(['abc', 'abc']);
    expect(postedBodies(calls, '/api/auth/oauth/session')).toEqual([undefined, { confirm_switch: true }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('s'.repeat(43));
  });

  it('#session_id= of an administrator opens the administrator view', async () => {
    window.history.replaceState(null, '', '/auth#session_id=abc');
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'POST /api/auth/oauth/session': ADMIN_403 });
    renderAuth();
    expect(await screen.findByTestId('admin-view')).toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('connectez-vous avec votre mot de passe');
  });

  it('a stored session that the server refuses is cleared, and the options are shown', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'o'.repeat(43));
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'GET /api/auth/me': () => json({ detail: 'expired', code: 'unauthenticated' }, 401),
    });
    renderAuth();
    expect(await screen.findByTestId('auth-option-email')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a stored valid session goes straight to /dashboard', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'v'.repeat(43));
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'GET /api/auth/me': () => json(USER) });
    const router = renderAuth();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('English texts', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/auth/providers': NO_OIDC });
    renderAuth();
    expect(await screen.findByTestId('auth-option-email')).toHaveTextContent('Continue with e-mail');
  });
});
