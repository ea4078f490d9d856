import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n } from '@/lib/i18n';
import {
  json,
  NO_OIDC,
  postedBodies,
  renderAuth,
  setUpAuthPageTests,
  signInAsAdmin,
  stubApi,
  USER,
} from './testing/auth-page-harness';

// The browser's passkey prompt cannot run in jsdom: the unit test stands in for it.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const OPTIONS = { challenge: 'c'.repeat(43), rpId: 'localhost', allowCredentials: [], userVerification: 'required' };
const CHALLENGE_ID = 'h'.repeat(43);
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const SESSION = () => json({ access_token: 'k'.repeat(43), user: USER });

/** /auth: "Sign in with a passkey" (no e-mail), and `?next=` once signed in. */
describe('AuthPage: passkey sign-in and next', () => {
  setUpAuthPageTests();
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    webauthn.startAuthentication.mockReset();
  });

  it('"Sign in with a passkey" asks for a challenge, the browser\'s assertion, then signs in', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/passkey/options': () => json({ challenge_id: CHALLENGE_ID, options: OPTIONS }),
      'POST /api/auth/passkey/sign-in': SESSION,
    });
    const router = renderAuth();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls.map((c) => c.url).filter((u) => u.includes('passkey'))).toEqual([
      '/api/auth/passkey/options',
      '/api/auth/passkey/sign-in',
    ]);
    expect(postedBodies(calls, '/api/auth/passkey/sign-in')).toEqual([{ challenge_id: CHALLENGE_ID, response: ASSERTION }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('k'.repeat(43));
  });

  it('a closed passkey prompt is a calm note, not an error; nothing is posted', async () => {
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/passkey/options': () => json({ challenge_id: CHALLENGE_ID, options: OPTIONS }),
    });
    const router = renderAuth();
    await userEvent.click(await screen.findByTestId('auth-option-passkey'));
    expect(await screen.findByTestId('passkey-note')).toHaveTextContent('The passkey prompt was closed.');
    expect(screen.getByTestId('passkey-note')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('auth-error')).toBeNull();
    expect(screen.getByTestId('auth-option-passkey')).toBeEnabled();
    expect(calls.some((c) => c.url === '/api/auth/passkey/sign-in')).toBe(false);
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('a passkey the server refuses is an error', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/passkey/options': () => json({ challenge_id: CHALLENGE_ID, options: OPTIONS }),
      'POST /api/auth/passkey/sign-in': () => json({ detail: 'Unknown passkey', code: 'invalid_factor' }, 400),
    });
    renderAuth();
    await userEvent.click(await screen.findByTestId('auth-option-passkey'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Signing in with a passkey did not work.');
  });

  it('no passkey button in a browser without WebAuthn', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    stubApi({ 'GET /api/auth/providers': NO_OIDC });
    renderAuth();
    expect(await screen.findByTestId('auth-option-email')).toBeInTheDocument();
    expect(screen.queryByTestId('auth-option-passkey')).toBeNull();
  });

  it('?next=/invite/… is where the sign-in goes', async () => {
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'POST /api/auth/admin-login': SESSION });
    const router = renderAuth('/auth?next=%2Finvite%2Fabc');
    await signInAsAdmin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/abc'));
  });

  it.each(['https://evil.example/invite/abc', '//evil.example/invite/abc'])('?next=%s is ignored', async (next) => {
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'POST /api/auth/admin-login': SESSION });
    const router = renderAuth(`/auth?next=${encodeURIComponent(next)}`);
    await signInAsAdmin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a session already stored goes to `next` too', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'v'.repeat(43));
    stubApi({ 'GET /api/auth/providers': NO_OIDC, 'GET /api/auth/me': () => json(USER) });
    const router = renderAuth('/auth?next=/invite/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/abc'));
  });

  it('the OpenID Connect return finds the `next` this tab kept before leaving', async () => {
    sessionStorage.setItem('proxai_auth_next', '/invite/abc');
    window.history.replaceState(null, '', '/auth#session_id=abc');
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/oauth/session': () => json({ session_token: 's'.repeat(43), user: USER }),
    });
    const router = renderAuth();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/abc'));
    expect(sessionStorage.getItem('proxai_auth_next')).toBeNull();
  });
});
