import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json } from '@/testing/stub-api';
import { SecurityPage } from './security-page';
import { buildMfaStatus, RECOVERY_CODES } from './testing/build-security';
import { renderAt, setUpSecurityTests, signIn, stubSecurity } from './testing/security-api';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const OTPAUTH = `otpauth://totp/ProxAI:ada%40example.org?secret=${SECRET}&issuer=ProxAI`;

const render = () => renderAt('/settings/security', '/settings/security', <SecurityPage />);

describe('SecurityPage: authenticator app, recovery codes, policy', { timeout: 20_000 }, () => {
  setUpSecurityTests();

  it('sets up the authenticator app: QR code and key, a wrong then a right code, the recovery codes shown once', async () => {
    let mfa = buildMfaStatus();
    const calls = stubSecurity({
      'GET /api/auth/mfa': () => json(mfa),
      'POST /api/auth/mfa/totp/setup': () => json({ secret: SECRET, otpauth_url: OTPAUTH }),
      'POST /api/auth/mfa/totp/confirm': (_u, call) => {
        if ((call.body as { code: string }).code !== '123456') {
          return json({ detail: 'Invalid code', code: 'invalid_factor' }, 400);
        }
        mfa = buildMfaStatus({ totp: true, recovery_codes_left: 10 });
        return json({ recovery_codes: RECOVERY_CODES });
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // jsdom has no object URLs and does not download.
    const createObjectURL = vi.fn((blob: Blob) => (blob.size > 0 ? 'blob:codes' : ''));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render();

    const section = await screen.findByRole('region', { name: /Authenticator app/ });
    expect(within(section).getByTestId('totp-state')).toHaveTextContent('Off');
    await userEvent.click(within(section).getByRole('button', { name: 'Set up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(within(dialog).getByRole('img', { name: 'QR code to add ProxAI to an authenticator app' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy the key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    const field = within(dialog).getByLabelText('6-digit code from the app');
    await userEvent.type(field, '000 000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right');
    expect(field).toHaveValue('');
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(codes)
        .getAllByTestId('recovery-code')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(calls.filter((c) => c.url.pathname === '/api/auth/mfa/totp/confirm').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    await userEvent.click(within(codes).getByRole('button', { name: 'Download (.txt)' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    const file = await createObjectURL.mock.calls[0]![0].text();
    expect(file).toContain('ProxAI recovery codes for ada@example.org');
    expect(file).toContain(RECOVERY_CODES.join('\n'));
    await userEvent.click(within(codes).getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenLastCalledWith(RECOVERY_CODES.join('\n'));
    // Not put away before the person says the codes are saved.
    await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
    expect(within(codes).getByTestId('recovery-codes-reminder')).toBeInTheDocument();
    await userEvent.click(within(codes).getByLabelText('I have saved them'));
    await userEvent.click(within(codes).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(section).findByTestId('totp-state')).toHaveTextContent('On');
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('Codes left: 10');
  });

  it('says who requires a second factor, and why the last one cannot be removed', async () => {
    stubSecurity(
      {
        'DELETE /api/auth/mfa/totp': () =>
          json({ detail: 'Your organisation requires a second factor: add another first.', code: 'mfa_required_by_policy' }, 409),
      },
      { mfa: buildMfaStatus({ totp: true, recovery_codes_left: 8, required_by: 'organisation' }) },
    );
    render();
    expect(await screen.findByTestId('mfa-required-by')).toHaveTextContent('Your organisation requires a second factor');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByTestId('totp-remove-error')).toHaveTextContent('add another first');
  });

  it('generates new recovery codes and shows them once', async () => {
    const calls = stubSecurity(
      { 'POST /api/auth/mfa/recovery-codes': () => json({ recovery_codes: RECOVERY_CODES }) },
      { mfa: buildMfaStatus({ totp: true, recovery_codes_left: 2 }) },
    );
    render();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('Codes left: 2 Make a new set soon.');
    await userEvent.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const confirm = screen.getByRole('dialog', { name: 'Generate new recovery codes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Generate new codes' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getAllByTestId('recovery-code')).toHaveLength(10);
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/mfa/recovery-codes')).toBe(true);
  });

  it('lets an owner require a second factor of every member, and hides the policy from others', async () => {
    const calls = stubSecurity({
      'PUT /api/organisation/security': (_u, call) => json(call.body),
    });
    render();
    const toggle = await screen.findByRole('switch', { name: 'Require a second factor for all members' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ require_mfa: true, approval_actions: [] });
  });

  it('lets an owner choose the actions that need a second member’s approval, saved together', async () => {
    const success = vi.spyOn(toast, 'success');
    let policy = { require_mfa: true, approval_actions: ['members.remove'] };
    const calls = stubSecurity({
      'GET /api/organisation/security': () => json(policy),
      'PUT /api/organisation/security': (_u, call) => {
        policy = call.body as typeof policy;
        return json(policy);
      },
    });
    render();
    const approvals = await screen.findByRole('group', { name: "Require a second member's approval for" });
    expect(approvals).toHaveAccessibleDescription(/within 24 hours/);
    const boxes = within(approvals).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Deleting a host',
      'Stopping or restarting guests in bulk',
      'Restoring a backup over the original guest',
      "Changing a member's role",
      'Removing a member',
    ]);
    expect(within(approvals).getByRole('checkbox', { name: 'Removing a member' })).toBeChecked();
    const save = within(approvals).getByRole('button', { name: 'Save the approval rules' });
    expect(save).toBeDisabled();
    // Ticked and unticked again: nothing to save.
    await userEvent.click(within(approvals).getByRole('checkbox', { name: 'Deleting a host' }));
    expect(save).toBeEnabled();
    await userEvent.click(within(approvals).getByRole('checkbox', { name: 'Deleting a host' }));
    expect(save).toBeDisabled();

    await userEvent.click(within(approvals).getByRole('checkbox', { name: "Changing a member's role" }));
    await userEvent.click(within(approvals).getByRole('checkbox', { name: 'Deleting a host' }));
    await userEvent.click(save);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The approval rules were saved.'));
    // In the contract's order, with the second-factor rule as it is.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      require_mfa: true,
      approval_actions: ['hosts.delete', 'members.role', 'members.remove'],
    });
    expect(save).toBeDisabled();
    expect(within(approvals).getByRole('checkbox', { name: 'Deleting a host' })).toBeChecked();

    // The switch keeps the approval rules.
    await userEvent.click(screen.getByRole('switch', { name: 'Require a second factor for all members' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
      require_mfa: false,
      approval_actions: ['hosts.delete', 'members.role', 'members.remove'],
    });
  });

  it('says why the approval rules were not saved, and keeps the ticks', async () => {
    stubSecurity({
      'PUT /api/organisation/security': () => json({ detail: 'Only owners set the policy', code: 'forbidden' }, 403),
    });
    render();
    const approvals = await screen.findByRole('group', { name: "Require a second member's approval for" });
    await userEvent.click(within(approvals).getByRole('checkbox', { name: 'Restoring a backup over the original guest' }));
    await userEvent.click(within(approvals).getByRole('button', { name: 'Save the approval rules' }));
    expect(await screen.findByTestId('policy-error')).toHaveTextContent('Only owners set the policy');
    expect(within(approvals).getByRole('checkbox', { name: 'Restoring a backup over the original guest' })).toBeChecked();
    expect(within(approvals).getByRole('button', { name: 'Save the approval rules' })).toBeEnabled();
  });

  it('shows no policy to a member who may not set it', async () => {
    signIn('admin');
    const calls = stubSecurity();
    render();
    await screen.findByRole('region', { name: /Authenticator app/ });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/organisation/security')).toBe(false);
  });
});
