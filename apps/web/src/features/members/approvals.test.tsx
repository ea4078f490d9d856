import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json } from '@/testing/stub-api';
import { MembersPage } from './members-page';
import { buildApproval, GRACE, LINUS, stubMembers } from './testing/members-api';

const render = () => renderAt('/settings/members', '/settings/members', <MembersPage />);
const section = () => screen.findByRole('region', { name: 'Approvals' });

const PENDING = buildApproval();
const MINE = buildApproval({
  id: '00000000-0000-4000-8000-0000000000c2',
  action: 'hosts.delete',
  method: 'DELETE',
  path: '/api/hosts/00000000-0000-4000-8000-0000000000d1',
  body: null,
  requested_by: 'ada@example.org',
  can_decide: false,
});
const DONE = buildApproval({
  id: '00000000-0000-4000-8000-0000000000c3',
  action: 'guests.bulk_stop',
  method: 'POST',
  path: '/api/vms/bulk',
  status: 'done',
  decided_by: 'ada@example.org',
  decided_at: '2026-01-11T10:00:00.000Z',
  result_status: 200,
  can_decide: false,
});
const FAILED = buildApproval({
  id: '00000000-0000-4000-8000-0000000000c4',
  action: 'backups.restore_over',
  method: 'POST',
  path: '/api/backups/restore',
  status: 'failed',
  decided_by: 'ada@example.org',
  decided_at: '2026-01-11T11:00:00.000Z',
  result_status: 409,
  result_detail: 'The guest is running',
  can_decide: false,
});
const DENIED = buildApproval({
  id: '00000000-0000-4000-8000-0000000000c5',
  action: 'members.remove',
  method: 'DELETE',
  status: 'denied',
  requested_by: null,
  decided_by: 'ada@example.org',
  decided_at: '2026-01-10T10:00:00.000Z',
  can_decide: false,
});
const EXPIRED = buildApproval({ id: '00000000-0000-4000-8000-0000000000c6', status: 'expired', can_decide: false });

const HELD = { detail: 'Sent for approval: another member must approve it within 24 hours.', code: 'approval_required' };

describe('MembersPage: approvals', { timeout: 20_000 }, () => {
  setUpPageTests(['members']);

  it('lists the waiting requests first, with who asked and the request, then the decided ones with their outcome', async () => {
    stubMembers({}, { approvals: [DONE, PENDING, FAILED, MINE, DENIED, EXPIRED] });
    render();
    const approvals = await section();
    const pending = await within(approvals).findByTestId('approvals-pending');
    const waiting = within(pending).getAllByTestId('approval-row');
    expect(waiting.map((row) => within(row).getByTestId('approval-action').textContent)).toEqual([
      "Change a member's role",
      'Delete a host',
    ]);
    expect(waiting[0]).toHaveTextContent(/Asked by grace@example\.org on .*2026.*expires .*2026/);
    const request = within(waiting[0]!).getByTestId('approval-request');
    expect(request).toHaveTextContent(`PATCH /api/members/${LINUS.user_id}`);
    expect(request.tagName).toBe('CODE');
    expect(
      within(waiting[0]!).getByRole('button', { name: "Approve: Change a member's role, asked by grace@example.org" }),
    ).toBeEnabled();
    expect(
      within(waiting[0]!).getByRole('button', { name: "Deny: Change a member's role, asked by grace@example.org" }),
    ).toBeEnabled();
    // One's own request (or one the reader may not decide) waits for someone else.
    expect(within(waiting[1]!).queryByRole('button')).toBeNull();
    expect(within(waiting[1]!).getByTestId('approval-waiting')).toHaveTextContent("Waiting for another member's approval");

    const decided = within(within(approvals).getByTestId('approvals-decided')).getAllByTestId('approval-row');
    expect(decided.map((row) => within(row).getByTestId('approval-outcome').textContent)).toEqual([
      'Done',
      'Failed: The guest is running',
      'Denied',
      'Expired',
    ]);
    expect(decided[0]).toHaveTextContent('Stop or restart guests in bulk');
    expect(decided[0]).toHaveTextContent(/decided by ada@example\.org on .*2026/);
    expect(decided[2]).toHaveTextContent('Asked by a former member');
    expect(decided[3]).toHaveTextContent(/expired on .*2026/);
    for (const row of decided) expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says when nothing was held', async () => {
    stubMembers();
    render();
    expect(await within(await section()).findByTestId('approvals-empty')).toHaveTextContent(
      'No request for approval in the last 7 days.',
    );
  });

  it('says when the requests cannot be loaded', async () => {
    stubMembers({ 'GET /api/approvals': () => json({ detail: 'Database unavailable', code: 'internal' }, 500) });
    render();
    const error = await within(await section()).findByTestId('approvals-error');
    expect(error).toHaveTextContent('The requests for approval could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('approves a request: it runs, the page reads everything again and the focus waits on the heading', async () => {
    const success = vi.spyOn(toast, 'success');
    let approvals = [PENDING];
    const done = {
      ...PENDING,
      status: 'done' as const,
      decided_by: 'ada@example.org',
      decided_at: '2026-01-12T10:00:00.000Z',
      result_status: 200,
      can_decide: false,
    };
    const calls = stubMembers({
      'GET /api/approvals': () => json(approvals),
      [`POST /api/approvals/${PENDING.id}/approve`]: () => {
        approvals = [done];
        return json(done);
      },
    });
    render();
    const approvals$ = await section();
    await userEvent.click(await within(approvals$).findByRole('button', { name: /^Approve: / }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Approved and done: Change a member's role"));
    expect(await within(approvals$).findByTestId('approval-outcome')).toHaveTextContent('Done');
    expect(within(approvals$).getByTestId('approvals-none-pending')).toHaveTextContent('Nothing is waiting for approval.');
    expect(screen.getByRole('heading', { name: 'Approvals' })).toHaveFocus();
    // The members too: the approved change has run.
    expect(calls.filter((c) => c.url.pathname === '/api/members')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/approvals/${PENDING.id}/approve`)).toBe(true);
  });

  it('says when an approved request failed as it ran', async () => {
    const error = vi.spyOn(toast, 'error');
    stubMembers(
      {
        [`POST /api/approvals/${PENDING.id}/approve`]: () =>
          json({ ...PENDING, status: 'failed', result_status: 409, result_detail: 'Keep at least one owner', can_decide: false }),
      },
      { approvals: [PENDING] },
    );
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: /^Approve: / }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Approved, but “Change a member's role” failed: Keep at least one owner"),
    );
  });

  it('denies a request, and says why a decision was refused', async () => {
    const success = vi.spyOn(toast, 'success');
    let approvals = [PENDING];
    const calls = stubMembers({
      'GET /api/approvals': () => json(approvals),
      [`POST /api/approvals/${PENDING.id}/deny`]: () => {
        approvals = [
          { ...PENDING, status: 'denied', decided_by: 'ada@example.org', decided_at: PENDING.requested_at, can_decide: false },
        ];
        return json(approvals[0]);
      },
      [`POST /api/approvals/${PENDING.id}/approve`]: () =>
        json({ detail: 'This request was decided by someone else or has expired', code: 'invalid_state' }, 409),
    });
    render();
    const approvals$ = await section();
    await userEvent.click(await within(approvals$).findByRole('button', { name: /^Approve: / }));
    expect(await within(approvals$).findByTestId('approvals-failure')).toHaveTextContent(
      'This request was decided by someone else or has expired',
    );

    await userEvent.click(within(approvals$).getByRole('button', { name: /^Deny: / }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Denied: Change a member's role"));
    expect(await within(approvals$).findByTestId('approval-outcome')).toHaveTextContent('Denied');
    expect(within(approvals$).queryByTestId('approvals-failure')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `/api/approvals/${PENDING.id}/approve`,
      `/api/approvals/${PENDING.id}/deny`,
    ]);
  });

  it('shows a role change held for approval as a notice, not an error, and lists the new request', async () => {
    const success = vi.spyOn(toast, 'success');
    let approvals: (typeof PENDING)[] = [];
    stubMembers({
      'GET /api/approvals': () => json(approvals),
      [`PATCH /api/members/${GRACE.user_id}`]: () => {
        approvals = [
          buildApproval({ path: `/api/members/${GRACE.user_id}`, requested_by: 'ada@example.org', can_decide: false }),
        ];
        return json({ ...HELD, approval_id: approvals[0]!.id }, 202);
      },
    });
    render();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of Grace' }), 'Operator');
    const notice = await screen.findByTestId('members-notice');
    expect(notice).toHaveTextContent('Sent for approval: another member must approve it within 24 hours.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByTestId('members-failure')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(success).not.toHaveBeenCalled();
    // Nothing changed yet.
    expect(screen.getByRole('combobox', { name: 'Role of Grace' })).toHaveValue('admin');
    const row = await within(await section()).findByTestId('approval-row');
    expect(row).toHaveTextContent(`PATCH /api/members/${GRACE.user_id}`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('members-notice')).toBeNull();
  });

  it('shows a removal held for approval as a notice too', async () => {
    signIn('admin');
    stubMembers({ [`DELETE /api/members/${LINUS.user_id}`]: () => json({ ...HELD, approval_id: PENDING.id }, 202) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove linus@example.org' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('members-notice')).toHaveTextContent('Sent for approval');
    expect(screen.queryByTestId('members-failure')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('member-row')).toHaveLength(3);
  });
});
