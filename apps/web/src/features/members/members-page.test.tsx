import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { setStepUpHandler, STEP_UP_HEADER } from '@/lib/api-client';
import { getStoredUser } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json } from '@/testing/stub-api';
import { MembersPage } from './members-page';
import { ADA, buildInvite, GRACE, LINUS, stubMembers } from './testing/members-api';

const render = () => renderAt('/settings/members', '/settings/members', <MembersPage />);

const STEP_UP = { detail: 'Confirm it is you', code: 'step_up_required', challenge: 'c1', methods: ['totp'], webauthn: null };

describe('MembersPage', { timeout: 20_000 }, () => {
  setUpPageTests(['members']);

  it('lists the members with their role, second factor, dates, the signed-in person and the seats used', async () => {
    stubMembers();
    render();
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Ada');
    expect(within(rows[0]!).getByTestId('member-you')).toHaveTextContent('You');
    expect(within(rows[0]!).getByTestId('member-mfa')).toHaveTextContent('2FA');
    expect(within(rows[1]!).queryByTestId('member-you')).toBeNull();
    expect(within(rows[1]!).queryByTestId('member-mfa')).toBeNull();
    expect(rows[1]).toHaveTextContent('grace@example.org');
    expect(within(rows[1]!).getByTestId('member-last-active')).toHaveTextContent('2026');
    // Without a name, the address names the member; never signed in says so.
    expect(rows[2]).toHaveTextContent('linus@example.org');
    expect(within(rows[2]!).getByTestId('member-last-active')).toHaveTextContent('Never signed in');
    expect(await screen.findByTestId('seat-usage')).toHaveTextContent('Members: 3 of 5');
    expect(screen.getByTestId('seat-usage')).toHaveTextContent('pending invitations (counted in the limit): 1');
    const invite = within(screen.getByTestId('invites')).getByTestId('invite-row');
    expect(invite).toHaveTextContent('alan@example.org');
    expect(invite).toHaveTextContent('Operator');
    expect(invite).toHaveTextContent('Invited by ada@example.org');
  });

  it('shows no seat count without a plan limit, and an empty and a failed list', async () => {
    stubMembers({}, { maxUsers: null, members: [], invites: [] });
    render();
    expect(await screen.findByTestId('members-empty')).toHaveTextContent('No members yet.');
    expect(await screen.findByTestId('invites-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('seat-usage')).toBeNull();
  });

  it('says when the members cannot be loaded, with the server words and a retry', async () => {
    stubMembers({ 'GET /api/members': () => json({ detail: 'Database unavailable', code: 'internal' }, 500) });
    render();
    const error = await screen.findByTestId('members-error');
    expect(error).toHaveTextContent('The members could not be loaded.');
    expect(error).toHaveTextContent('Database unavailable');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows an operator the list without any control, and does not ask for the invitations', async () => {
    signIn('operator');
    const calls = stubMembers();
    render();
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(3);
    expect(within(screen.getByTestId('members')).queryByRole('combobox')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    expect(screen.queryByTestId('invite-section')).toBeNull();
    expect(within(rows[1]!).getByTestId('member-role')).toHaveTextContent('Administrator');
    expect(calls.some((c) => c.url.pathname === '/api/invites')).toBe(false);
    // Anyone may leave.
    expect(screen.getByTestId('leave-button')).toBeInTheDocument();
  });

  it('lets an owner change a role, including making an owner', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubMembers({
      [`PATCH /api/members/${GRACE.user_id}`]: (_url, call) => json({ ...GRACE, ...(call.body as object) }),
    });
    render();
    const select = await screen.findByRole('combobox', { name: 'Role of Grace' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Owner', 'Administrator', 'Operator', 'Read-only']);
    await userEvent.selectOptions(select, 'Owner');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Grace is now Owner'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'owner' });
    // One's own row has no remove button: one leaves instead.
    const rows = screen.getAllByTestId('member-row');
    expect(within(rows[0]!).queryByTestId('member-remove')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Grace' })).toBeInTheDocument();
  });

  it('stores the new role when the person changes their own', async () => {
    stubMembers({ 'PATCH /api/members/1': () => json({ ...ADA, role: 'admin' }) });
    render();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Ada' }), 'Administrator');
    await waitFor(() => expect(getStoredUser()?.org_role).toBe('admin'));
  });

  it('does not let an administrator touch owners nor hand out the owner role', async () => {
    signIn('admin');
    stubMembers();
    render();
    const rows = await screen.findAllByTestId('member-row');
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).getByTestId('member-role')).toHaveTextContent('Owner');
    const select = within(rows[1]!).getByRole('combobox', { name: 'Role of Grace' });
    expect(within(select).queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(within(screen.getByTestId('invite-role')).queryByRole('option', { name: 'Owner' })).toBeNull();
  });

  it("shows the server's refusal of a change, e.g. the last owner", async () => {
    stubMembers({
      'PATCH /api/members/1': () => json({ detail: 'The organisation must keep at least one owner', code: 'last_owner' }, 409),
    });
    render();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Ada' }), 'Operator');
    expect(await screen.findByTestId('members-failure')).toHaveTextContent('The organisation must keep at least one owner');
    // The select shows the role the member still has.
    expect(screen.getByRole('combobox', { name: 'Role of Ada' })).toHaveValue('owner');
  });

  it('retries after the second-factor check, and says nothing when it is cancelled', async () => {
    const success = vi.spyOn(toast, 'success');
    let proven = true;
    const remove = setStepUpHandler(() => (proven ? Promise.resolve('proof') : Promise.reject(new Error('cancelled'))));
    // Every first try asks for a second factor; the retry carrying the proof is done.
    let tries = 0;
    const calls = stubMembers({
      [`PATCH /api/members/${GRACE.user_id}`]: () =>
        ++tries % 2 === 1 ? json(STEP_UP, 401) : json({ ...GRACE, role: 'operator' }),
    });
    try {
      render();
      await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Grace' }), 'Operator');
      await waitFor(() => expect(success).toHaveBeenCalledWith('Grace is now Operator'));
      expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
      const retry = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PATCH')[1]!;
      expect((retry[1]?.headers as Record<string, string>)[STEP_UP_HEADER]).toBe('proof');
      expect(screen.queryByTestId('members-failure')).toBeNull();

      proven = false;
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Grace' }), 'Read-only');
      await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(3));
      tries = 0;
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Grace' })).toBeEnabled());
      expect(screen.queryByTestId('members-failure')).toBeNull();
      // Still signed in: a step-up is not a signed-out session.
      expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    } finally {
      remove();
    }
  });

  it('removes a member after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubMembers({ [`DELETE /api/members/${LINUS.user_id}`]: () => json({ message: 'Member removed' }) });
    render();
    const button = await screen.findByRole('button', { name: 'Remove linus@example.org' });
    // Cancelling puts the focus back on the button that opened the question.
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Remove linus@example.org from the organisation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('linus@example.org was removed from the organisation'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `/api/members/${LINUS.user_id}`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('invites someone, and explains the plan limit and an address already there', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer = () => json(buildInvite({ email: 'alan@example.org' }), 201);
    const calls = stubMembers({ 'POST /api/invites': () => answer() });
    render();
    const form = await screen.findByTestId('invite-form');
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'alan@example.org');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Read-only');
    expect(form).toHaveTextContent('Read-only: sees the fleet');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation sent to alan@example.org'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'alan@example.org', role: 'readonly' });
    expect(within(form).getByLabelText('E-mail address')).toHaveValue('');

    answer = () => json({ detail: 'Plan limit reached', code: 'plan_limit' }, 403);
    await userEvent.type(within(form).getByLabelText('E-mail address'), 'bob@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Your plan's member limit is reached (limit: 5, pending invitations included).",
    );
    expect(within(form).getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');

    answer = () => json({ detail: 'Already invited', code: 'conflict' }, 409);
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'bob@example.org is already a member of this organisation or already has a pending invitation.',
      ),
    );
  });

  it('revokes a pending invitation', async () => {
    const success = vi.spyOn(toast, 'success');
    const invite = buildInvite();
    const calls = stubMembers({ [`DELETE /api/invites/${invite.id}`]: () => json({ message: 'Invitation revoked' }) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation of alan@example.org' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Invitation of alan@example.org revoked'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `/api/invites/${invite.id}`)).toBe(true);
  });

  it('leaves the organisation, ends the session and goes to the sign-in page', async () => {
    const calls = stubMembers({ 'POST /api/members/leave': () => json({ message: 'You left the organisation' }) });
    render();
    await userEvent.click(await screen.findByTestId('leave-button'));
    const dialog = screen.getByRole('dialog', { name: 'Leave this organisation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the organisation' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/auth');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('POST /api/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('keeps the last owner in, saying why in the dialog', async () => {
    stubMembers({
      'POST /api/members/leave': () => json({ detail: 'Make someone else an owner before leaving', code: 'last_owner' }, 409),
    });
    render();
    await userEvent.click(await screen.findByTestId('leave-button'));
    const dialog = screen.getByRole('dialog', { name: 'Leave this organisation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the organisation' }));
    expect(await within(dialog).findByTestId('leave-failure')).toHaveTextContent('Make someone else an owner before leaving');
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });
});
