import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api, STEP_UP_HEADER, type StepUpChallenge } from '@/lib/api-client';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { StepUpProvider } from './step-up-dialog';

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn() }));

const CHALLENGE = 'c'.repeat(43);
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };

function challenge(overrides: Partial<StepUpChallenge> = {}): StepUpChallenge {
  return {
    detail: 'Removing a passkey needs a second factor.',
    code: 'step_up_required',
    challenge: CHALLENGE,
    methods: ['totp', 'recovery', 'email'],
    webauthn: null,
    ...overrides,
  };
}

/**
 * DELETE /api/auth/passkeys/{id} asks for a step-up unless retried with the token `good-token`; POST
 * /api/auth/step-up accepts the code 123456 (or any passkey assertion).
 */
function stubStepUp(asked: StepUpChallenge = challenge(), routes: Record<string, (url: URL, call: ApiCall) => Response> = {}) {
  const calls = stubApi({
    'DELETE /api/auth/passkeys/p1': () => json(asked, 401),
    'DELETE /api/auth/passkeys/p2': () => json({ ...asked, challenge: 'd'.repeat(43) }, 401),
    'POST /api/auth/step-up': (_u, call) => {
      const body = call.body as { code?: string; webauthn_response?: unknown };
      return body.code === '123456' || body.webauthn_response
        ? json({ step_up_token: 'good-token', expires_at: '2026-01-12T10:05:00.000Z' })
        : json({ detail: 'Invalid code', code: 'invalid_factor' }, 400);
    },
    ...routes,
  });
  const fetchMock = vi.mocked(fetch);
  fetchMock.mockImplementation(
    ((original) => async (input: string, init?: RequestInit) => {
      const token = (init?.headers as Record<string, string> | undefined)?.[STEP_UP_HEADER];
      if (token === 'good-token' && init?.method === 'DELETE') return json({ message: 'Removed' });
      return original(input, init);
    })(fetchMock.getMockImplementation()!) as typeof fetch,
  );
  return calls;
}

const remove = (id = 'p1') => api(`/auth/passkeys/${id}`, { method: 'DELETE' });
const prompt = () => screen.findByRole('dialog', { name: "Confirm it's you" }, { timeout: 5_000 });

describe('StepUpProvider', { timeout: 20_000 }, () => {
  inEnglish(['security']);

  it('proves an authenticator code and retries the request with the step-up token', async () => {
    const calls = stubStepUp();
    renderWithQuery(
      <>
        <button type="button">Remove the passkey</button>
        <StepUpProvider />
      </>,
    );
    const origin = screen.getByRole('button', { name: 'Remove the passkey' });
    origin.focus();
    const answer = remove();
    const dialog = await prompt();
    // A sentence of the page's language, not the server's English detail.
    expect(dialog).toHaveAccessibleDescription("Confirm it's you to continue: this action needs a second-factor check.");
    expect(dialog).not.toHaveTextContent('Removing a passkey needs a second factor.');
    const field = within(dialog).getByLabelText('6-digit code from your authenticator app');
    await waitFor(() => expect(field).toHaveFocus(), { timeout: 5_000 });
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toEqual({ message: 'Removed' });
    expect(calls.find((c) => c.url.pathname === '/api/auth/step-up')?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
      method: 'totp',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    await waitFor(() => expect(origin).toHaveFocus(), { timeout: 5_000 });
  });

  it('says a wrong code is wrong and lets the person try again', async () => {
    stubStepUp();
    renderWithQuery(<StepUpProvider />);
    const answer = remove();
    const dialog = await prompt();
    const field = within(dialog).getByLabelText('6-digit code from your authenticator app');
    await userEvent.type(field, '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right');
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus(), { timeout: 5_000 });
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toEqual({ message: 'Removed' });
  });

  it('rejects with StepUpCancelled on Cancel and on Escape', async () => {
    stubStepUp();
    renderWithQuery(<StepUpProvider />);
    // The rejections are taken as they happen (during the click), not only once awaited.
    const first = remove().catch((error: unknown) => error);
    await userEvent.click(within(await prompt()).getByRole('button', { name: 'Cancel' }));
    expect(await first).toMatchObject({ name: 'StepUpCancelled' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });

    const second = remove().catch((error: unknown) => error);
    await prompt();
    await userEvent.keyboard('{Escape}');
    expect(await second).toMatchObject({ name: 'StepUpCancelled' });
  });

  it('e-mails a code and proves it with method email', async () => {
    const calls = stubStepUp(challenge({ methods: ['email'] }), {
      'POST /api/auth/step-up/email': () => json({ message: 'Sent' }),
    });
    renderWithQuery(<StepUpProvider />);
    const answer = remove();
    const dialog = await prompt();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'E-mail me a code' }));
    const field = await within(dialog).findByLabelText('6-digit code from the e-mail');
    expect(within(dialog).getByTestId('step-up-email-sent')).toHaveTextContent('A code is on its way');
    expect(calls.find((c) => c.url.pathname === '/api/auth/step-up/email')?.body).toEqual({ challenge: CHALLENGE });
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toEqual({ message: 'Removed' });
    expect(calls.find((c) => c.url.pathname === '/api/auth/step-up')?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
      method: 'email',
    });
  });

  it('uses a recovery code, or a passkey, and says when the browser refuses one', async () => {
    const webauthn = { challenge: 'YXNzZXJ0', allowCredentials: [] };
    vi.mocked(startAuthentication)
      .mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }))
      .mockResolvedValueOnce(ASSERTION as never);
    const calls = stubStepUp(challenge({ methods: ['totp', 'webauthn', 'recovery', 'email'], webauthn }));
    renderWithQuery(<StepUpProvider />);
    const answer = remove();
    const dialog = await prompt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    expect(within(dialog).getByLabelText('Recovery code')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    expect(await within(dialog).findByTestId('step-up-error')).toHaveTextContent('The browser did not create or use a passkey');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    await expect(answer).resolves.toEqual({ message: 'Removed' });
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: webauthn });
    expect(calls.find((c) => c.url.pathname === '/api/auth/step-up')?.body).toEqual({
      challenge: CHALLENGE,
      webauthn_response: ASSERTION,
    });
  });

  it('asks for concurrent requests one after the other', async () => {
    const calls = stubStepUp();
    renderWithQuery(<StepUpProvider />);
    const first = remove('p1');
    const second = remove('p2');
    let dialog = await prompt();
    expect(await within(dialog).findByTestId('step-up-waiting')).toHaveTextContent('Other actions waiting for confirmation: 1');
    await userEvent.type(within(dialog).getByRole('textbox'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(first).resolves.toEqual({ message: 'Removed' });

    await waitFor(() => expect(screen.queryByTestId('step-up-waiting')).toBeNull(), { timeout: 5_000 });
    dialog = await prompt();
    await userEvent.type(within(dialog).getByRole('textbox'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(second).resolves.toEqual({ message: 'Removed' });
    expect(
      calls.filter((c) => c.url.pathname === '/api/auth/step-up').map((c) => (c.body as { challenge: string }).challenge),
    ).toEqual([CHALLENGE, 'd'.repeat(43)]);
  });
});
