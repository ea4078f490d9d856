import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json } from '@/testing/stub-api';
import { SecurityPage } from './security-page';
import { buildMfaStatus, buildPasskey, RECOVERY_CODES } from './testing/build-security';
import { renderAt, setUpSecurityTests, stubSecurity } from './testing/security-api';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const LAPTOP = buildPasskey({ last_used_at: '2026-01-12T08:30:00.000Z' });
const KEY = buildPasskey({ id: '00000000-0000-4000-8000-0000000000a2', name: 'YubiKey', last_used_at: null });
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'ProxAI' } };
const ATTESTATION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };

const render = () => renderAt('/settings/security', '/settings/security', <SecurityPage />);
const section = () => screen.findByRole('region', { name: 'Passkeys' });

describe('SecurityPage: passkeys', { timeout: 20_000 }, () => {
  setUpSecurityTests();
  beforeEach(() => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
    vi.mocked(startRegistration).mockReset();
  });

  it('lists the passkeys, renames one and removes another', async () => {
    let passkeys = [LAPTOP, KEY];
    const calls = stubSecurity({
      'GET /api/auth/mfa': () => json(buildMfaStatus({ passkeys, recovery_codes_left: 10 })),
      [`PATCH /api/auth/passkeys/${LAPTOP.id}`]: (_u, call) => {
        passkeys = [{ ...LAPTOP, ...(call.body as { name: string }) }, KEY];
        return json(passkeys[0]);
      },
      [`DELETE /api/auth/passkeys/${KEY.id}`]: () => {
        passkeys = passkeys.filter((p) => p.id !== KEY.id);
        return json({ message: 'Removed' });
      },
    });
    render();
    const rows = await within(await section()).findAllByTestId('passkey-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Work laptop');
    expect(rows[0]).toHaveTextContent(/Added .*2026.*last used .*2026/);
    expect(rows[1]).toHaveTextContent('never used');

    await userEvent.click(screen.getByRole('button', { name: 'Rename the passkey Work laptop' }));
    const rename = screen.getByRole('dialog', { name: 'Rename Work laptop' });
    const name = within(rename).getByLabelText('Name');
    expect(name).toHaveValue('Work laptop');
    await userEvent.clear(name);
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(within(rename).getByText('Enter a name.')).toBeInTheDocument();
    await userEvent.type(name, 'Home desktop');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Home desktop' });
    expect(await within(await section()).findByText('Home desktop')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the passkey YubiKey' }));
    const remove = screen.getByRole('dialog', { name: 'Remove the passkey YubiKey?' });
    await userEvent.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(within(await section()).getAllByTestId('passkey-row')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `/api/auth/passkeys/${KEY.id}`)).toBe(true);
  });

  it('shows why the last passkey cannot be removed', async () => {
    stubSecurity(
      {
        [`DELETE /api/auth/passkeys/${KEY.id}`]: () =>
          json({ detail: 'A second factor is required: keep this one.', code: 'mfa_required_by_policy' }, 409),
      },
      { mfa: buildMfaStatus({ passkeys: [KEY], required_by: 'platform' }) },
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the passkey YubiKey' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the passkey YubiKey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByTestId('passkey-remove-error')).toHaveTextContent('keep this one');
  });

  it('adds a passkey: the server’s options, the browser’s ceremony, the answer back', async () => {
    const success = vi.spyOn(toast, 'success');
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never);
    const calls = stubSecurity(
      {
        'POST /api/auth/passkeys/options': () => json(OPTIONS),
        'POST /api/auth/passkeys': (_u, call) =>
          json({ passkey: buildPasskey({ name: (call.body as { name: string }).name }), recovery_codes: null }, 201),
      },
      { mfa: buildMfaStatus({ totp: true, recovery_codes_left: 10 }) },
    );
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/auth/passkeys')?.body).toEqual({
      name: 'Phone',
      response: ATTESTATION,
    });
    expect(success).toHaveBeenCalledWith('Passkey Phone added.');
    // Not the first second factor: no recovery codes to show.
    expect(screen.queryByTestId('recovery-codes-dialog')).toBeNull();
  });

  it('shows the recovery codes once when the passkey is the first second factor', async () => {
    const success = vi.spyOn(toast, 'success');
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION as never);
    let mfa = buildMfaStatus();
    stubSecurity({
      'GET /api/auth/mfa': () => json(mfa),
      'POST /api/auth/passkeys/options': () => json(OPTIONS),
      'POST /api/auth/passkeys': () => {
        const passkey = buildPasskey({ name: 'Phone' });
        mfa = buildMfaStatus({ passkeys: [passkey], recovery_codes_left: 10 });
        return json({ passkey, recovery_codes: RECOVERY_CODES }, 201);
      },
    });
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(codes)
        .getAllByTestId('recovery-code')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.queryByRole('dialog', { name: 'Add a passkey' })).toBeNull();
    expect(success).toHaveBeenCalledWith('Passkey Phone added.');
    await userEvent.click(within(codes).getByLabelText('I have saved them'));
    await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus());
    expect(await within(await section()).findByText('Phone')).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('Codes left: 10');
  });

  it('says so when the browser refuses or the person cancels, and lets them try again', async () => {
    vi.mocked(startRegistration).mockRejectedValue(
      Object.assign(new Error('The operation was denied'), { name: 'NotAllowedError' }),
    );
    const calls = stubSecurity({ 'POST /api/auth/passkeys/options': () => json(OPTIONS) });
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('passkey-error')).toHaveTextContent('The browser did not create or use a passkey');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(calls.some((c) => c.url.pathname === '/api/auth/passkeys')).toBe(false);
  });

  it('explains instead of offering to add one where the browser has no WebAuthn', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    stubSecurity({}, { mfa: buildMfaStatus({ passkeys: [LAPTOP] }) });
    render();
    const passkeys = await section();
    expect(within(passkeys).getByTestId('passkeys-unsupported')).toHaveTextContent('This browser cannot create passkeys');
    expect(within(passkeys).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(within(passkeys).getByRole('button', { name: 'Remove the passkey Work laptop' })).toBeInTheDocument();
  });
});
