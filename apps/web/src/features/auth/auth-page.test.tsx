import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n } from '@/lib/i18n';
import { json, NO_OIDC, renderAuth, setUpAuthPageTests, stubApi, USER } from './testing/auth-page-harness';

/** /auth: the options, the e-mail and administrator views, and a session already stored. */
describe('AuthPage', () => {
  setUpAuthPageTests();

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
