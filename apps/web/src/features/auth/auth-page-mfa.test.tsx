import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n } from '@/lib/i18n';
import {
  headersOf,
  json,
  MFA_TOKEN,
  mfaChallenge,
  NO_OIDC,
  OLD_TOKEN,
  postedBodies,
  reachVerifyStep,
  renderAuth,
  sequence,
  setUpAuthPageTests,
  signInAsAdmin,
  signInAsOld,
  stubApi,
  USER,
} from './testing/auth-page-harness';

// The browser's passkey prompts cannot run in jsdom: the unit test stands in for them.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => false),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const SESSION = () => json({ access_token: 'k'.repeat(43), user: USER });
const WEBAUTHN_OPTIONS = { challenge: 'c'.repeat(43), rpId: 'localhost', allowCredentials: [] };

/** /auth's second step: a factor to prove (`mfa_required`) or one to enrol (`mfa_enrolment_required`). */
describe('AuthPage: two-step sign-in', () => {
  setUpAuthPageTests();
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    webauthn.startAuthentication.mockReset();
    webauthn.startRegistration.mockReset();
  });

  it('mfa_required after the password: the authenticator code completes the sign-in', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/admin-login': () => mfaChallenge('mfa_required'),
      'POST /api/auth/mfa/verify': SESSION,
    });
    const router = renderAuth();
    await signInAsAdmin();
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const input = screen.getByTestId('mfa-code-input');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveFocus();
    // No passkey in the challenge: no passkey button.
    expect(screen.queryByTestId('mfa-passkey-button')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await userEvent.type(input, '123456');
    await userEvent.click(screen.getByTestId('mfa-verify-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/mfa/verify')).toEqual([{ mfa_token: MFA_TOKEN, code: '123456' }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('k'.repeat(43));
  });

  it('a wrong code says so; an expired step goes back to the options, saying why', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic-link': () => json({ message: 'ok' }),
      'POST /api/auth/verify-otp': () => mfaChallenge('mfa_required'),
      'POST /api/auth/mfa/verify': sequence(
        () => json({ detail: 'Wrong code', code: 'invalid_factor' }, 400),
        () => json({ detail: 'Expired', code: 'mfa_token_invalid' }, 401),
      ),
    });
    const router = renderAuth();
    await reachVerifyStep();
    await userEvent.click(await screen.findByTestId('mfa-verify-button'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/mfa/verify')).toBe(false);
    await userEvent.type(screen.getByTestId('mfa-code-input'), '000000');
    await userEvent.click(screen.getByTestId('mfa-verify-button'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Wrong code');
    await userEvent.click(screen.getByTestId('mfa-verify-button'));
    expect(await screen.findByTestId('auth-option-email')).toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('This sign-in step expired, start again.');
    expect(router.state.location.pathname).toBe('/auth');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a recovery code instead of the authenticator', async () => {
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/admin-login': () => mfaChallenge('mfa_required'),
      'POST /api/auth/mfa/verify': SESSION,
    });
    const router = renderAuth();
    await signInAsAdmin();
    await userEvent.click(await screen.findByTestId('mfa-use-recovery'));
    const input = screen.getByTestId('mfa-recovery-input');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleName('Recovery code');
    await userEvent.type(input, 'abcde-12345');
    await userEvent.click(screen.getByTestId('mfa-verify-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(postedBodies(calls, '/api/auth/mfa/verify')).toEqual([{ mfa_token: MFA_TOKEN, code: 'abcde-12345' }]);
  });

  it('a passkey as the second factor: its assertion goes to mfa/verify; a closed prompt is only a note', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    webauthn.startAuthentication
      .mockRejectedValueOnce(Object.assign(new Error('The operation was cancelled'), { name: 'NotAllowedError' }))
      .mockResolvedValueOnce(assertion);
    window.history.replaceState(null, '', '/auth#session_id=abc');
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/oauth/session': () => mfaChallenge('mfa_required', WEBAUTHN_OPTIONS, ['totp', 'webauthn', 'recovery']),
      'POST /api/auth/mfa/verify': SESSION,
    });
    const router = renderAuth();
    await userEvent.click(await screen.findByTestId('mfa-passkey-button'));
    expect(await screen.findByTestId('auth-note')).toHaveTextContent('The passkey prompt was closed.');
    expect(screen.queryByTestId('auth-error')).toBeNull();
    await userEvent.click(screen.getByTestId('mfa-passkey-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: WEBAUTHN_OPTIONS });
    expect(postedBodies(calls, '/api/auth/mfa/verify')).toEqual([{ mfa_token: MFA_TOKEN, webauthn_response: assertion }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('k'.repeat(43));
  });

  it('enrolment: the QR code and key, then the recovery codes once, then the session (mfa_token as bearer)', async () => {
    // Another account is signed in in this browser: the enrolment's calls still carry the mfa_token.
    signInAsOld();
    window.history.replaceState(null, '', '/auth#magic=tok');
    const otpauth = 'otpauth://totp/ProxAI:new@example.org?secret=JBSWY3DPEHPK3PXP&issuer=ProxAI';
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/magic': () => mfaChallenge('mfa_enrolment_required'),
      'POST /api/auth/mfa/totp/setup': () => json({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: otpauth }),
      'POST /api/auth/mfa/totp/confirm': sequence(
        () => json({ detail: 'Wrong code', code: 'invalid_factor' }, 400),
        () => json({ recovery_codes: ['aaaaa-11111', 'bbbbb-22222'], access_token: 'e'.repeat(43), user: USER }),
      ),
    });
    const router = renderAuth();
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    expect(screen.getByTestId('mfa-enrol-reason')).toHaveTextContent('Your organisation requires two-step verification.');
    expect(await screen.findByRole('img', { name: 'QR code that adds ProxAI to your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('mfa-enrol-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(calls.filter((c) => c.url === '/api/auth/mfa/totp/setup')).toHaveLength(1);
    expect(headersOf(calls, '/api/auth/mfa/totp/setup')?.authorization).toBe(`Bearer ${MFA_TOKEN}`);
    // No passkeys in this browser: no "passkey instead".
    expect(screen.queryByTestId('mfa-enrol-passkey')).toBeNull();

    await userEvent.type(screen.getByTestId('mfa-enrol-code-input'), '111111');
    await userEvent.click(screen.getByTestId('mfa-enrol-confirm'));
    expect(await screen.findByTestId('auth-error')).toHaveTextContent('Wrong code');
    await userEvent.clear(screen.getByTestId('mfa-enrol-code-input'));
    await userEvent.type(screen.getByTestId('mfa-enrol-code-input'), '222222');
    await userEvent.click(screen.getByTestId('mfa-enrol-confirm'));

    const codes = await screen.findByTestId('recovery-codes');
    expect(codes).toHaveTextContent('aaaaa-11111');
    expect(codes).toHaveTextContent('bbbbb-22222');
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    expect(postedBodies(calls, '/api/auth/mfa/totp/confirm')).toEqual([{ code: '111111' }, { code: '222222' }]);
    expect(headersOf(calls, '/api/auth/mfa/totp/confirm')?.authorization).toBe(`Bearer ${MFA_TOKEN}`);
    // Not signed in until the codes are saved.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(OLD_TOKEN);
    await userEvent.click(screen.getByTestId('recovery-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('e'.repeat(43));
  });

  it('enrolment of an administrator says why, and a passkey instead shows the recovery codes, then signs in', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    const attestation = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    webauthn.startRegistration.mockResolvedValue(attestation);
    const creation = { challenge: 'c'.repeat(43), rp: { name: 'ProxAI' }, user: { id: 'u', name: 'root' } };
    const calls = stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/admin-login': () => mfaChallenge('mfa_enrolment_required'),
      'POST /api/auth/mfa/totp/setup': () => json({ secret: 'S', otpauth_url: 'otpauth://totp/x?secret=S' }),
      'POST /api/auth/passkeys/options': () => json(creation),
      'POST /api/auth/passkeys': () =>
        json(
          {
            passkey: { id: USER.id, name: 'Passkey', created_at: '2026-01-01T00:00:00Z', last_used_at: null },
            recovery_codes: ['ccccc-33333', 'ddddd-44444'],
            access_token: 'p'.repeat(43),
            user: USER,
          },
          201,
        ),
    });
    const router = renderAuth();
    await signInAsAdmin();
    expect(await screen.findByTestId('mfa-enrol-reason')).toHaveTextContent('required for administrators');
    await userEvent.click(screen.getByTestId('mfa-enrol-passkey'));

    const codes = await screen.findByTestId('recovery-codes');
    expect(codes).toHaveTextContent('ccccc-33333');
    expect(codes).toHaveTextContent('ddddd-44444');
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
    // Not signed in until the codes are saved.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth');
    await userEvent.click(screen.getByTestId('recovery-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: creation });
    expect(headersOf(calls, '/api/auth/passkeys/options')?.authorization).toBe(`Bearer ${MFA_TOKEN}`);
    expect(headersOf(calls, '/api/auth/passkeys')?.authorization).toBe(`Bearer ${MFA_TOKEN}`);
    expect(postedBodies(calls, '/api/auth/passkeys')).toEqual([{ name: 'Passkey', response: attestation }]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('p'.repeat(43));
  });

  it('enrolment with a passkey signs in at once when the server answers no recovery codes', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    webauthn.startRegistration.mockResolvedValue({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} });
    stubApi({
      'GET /api/auth/providers': NO_OIDC,
      'POST /api/auth/admin-login': () => mfaChallenge('mfa_enrolment_required'),
      'POST /api/auth/mfa/totp/setup': () => json({ secret: 'S', otpauth_url: 'otpauth://totp/x?secret=S' }),
      'POST /api/auth/passkeys/options': () => json({ challenge: 'c'.repeat(43) }),
      'POST /api/auth/passkeys': () =>
        json(
          {
            passkey: { id: USER.id, name: 'Passkey', created_at: '2026-01-01T00:00:00Z', last_used_at: null },
            recovery_codes: null,
            access_token: 'q'.repeat(43),
            user: USER,
          },
          201,
        ),
    });
    const router = renderAuth();
    await signInAsAdmin();
    await userEvent.click(await screen.findByTestId('mfa-enrol-passkey'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByTestId('recovery-codes-view')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('q'.repeat(43));
  });
});
