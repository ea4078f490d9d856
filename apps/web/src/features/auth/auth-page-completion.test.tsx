import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n } from '@/lib/i18n';
import {
  ADMIN_403,
  json,
  NEW_USER,
  NO_OIDC,
  OLD_TOKEN,
  postedBodies,
  reachVerifyStep,
  renderAuth,
  sequence,
  setUpAuthPageTests,
  signInAsOld,
  stubApi,
  SWITCH_409,
  USER,
} from './testing/auth-page-harness';

/**
 * /auth completing a sign-in: the e-mailed link (#magic=), the OpenID handoff (#session_id=), asking before
 * another signed-in account is replaced, and administrators sent to their password.
 */
describe('AuthPage: completing a sign-in', () => {
  setUpAuthPageTests();

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
});
