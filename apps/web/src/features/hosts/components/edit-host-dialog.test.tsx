import type { HostCertificate } from '@proxai/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildHost, PINNED, PRESENTED } from '../testing/build-host';
import { EditHostDialog, type EditHostPart } from './edit-host-dialog';

const HOST = buildHost();
const PATH = `/api/hosts/${HOST.id}`;
const MISMATCH: HostCertificate = { pinned: PINNED, presented: PRESENTED, matches: false };

/** The certificate answers `certificate`; PATCH answers `patch` (the host as renamed by default). */
function stub({
  certificate = () => json({ pinned: PINNED, presented: PINNED, matches: true }),
  patch = (call: ApiCall) => json({ ...HOST, ...(call.body as object) }),
}: { certificate?: () => Response; patch?: (call: ApiCall) => Response } = {}): ApiCall[] {
  return stubApi({
    [`GET ${PATH}/certificate`]: certificate,
    [`PATCH ${PATH}`]: (_url, call) => patch(call),
  });
}

function renderDialog(part: EditHostPart = 'all') {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithQuery(<EditHostDialog host={HOST} part={part} onClose={onClose} onChanged={onChanged} />);
  return { onClose, onChanged };
}

const patches = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('EditHostDialog', () => {
  inEnglish(['hosts']);

  it('renames: sends only the new name, then says so, reloads the hosts and closes', async () => {
    const calls = stub();
    const success = vi.spyOn(toast, 'success');
    const { onClose, onChanged } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Edit pve-lab' });
    const name = within(dialog).getByLabelText('New name');
    expect(name).toHaveValue('pve-lab');
    expect(screen.getByTestId('edit-host-name-submit')).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, '  pve-prod ');
    await userEvent.click(screen.getByTestId('edit-host-name-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([{ name: 'pve-prod' }]);
    expect(success).toHaveBeenCalledWith('Host renamed.');
    expect(onChanged).toHaveBeenCalled();
  });

  it('refuses an empty name without asking the server', async () => {
    const calls = stub();
    renderDialog();
    const name = await screen.findByLabelText('New name');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByTestId('edit-host-name-submit'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(patches(calls)).toEqual([]);
  });

  it('replaces the credentials: the token fields only, with the token name kept from the host', async () => {
    const calls = stub();
    const { onClose } = renderDialog();
    const form = await screen.findByTestId('edit-host-credentials-form');
    expect(within(form).getByLabelText('User')).toHaveValue('root@pam');
    expect(within(form).getByLabelText('Authentication method')).toHaveValue('token');
    expect(within(form).getByLabelText('Token name')).toHaveValue('portal');
    await userEvent.click(screen.getByTestId('edit-host-credentials-submit'));
    expect(within(form).getByLabelText('Token value')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(form).getByLabelText('Token value'), 'secret-2');
    await userEvent.click(screen.getByTestId('edit-host-credentials-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([
      { credentials: { user: 'root@pam', auth_type: 'token', token_name: 'portal', token_value: 'secret-2' } },
    ]);
  });

  it('replaces the credentials with a password', async () => {
    const calls = stub();
    const { onClose } = renderDialog();
    const form = await screen.findByTestId('edit-host-credentials-form');
    await userEvent.selectOptions(within(form).getByLabelText('Authentication method'), 'password');
    expect(within(form).queryByLabelText('Token value')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Password'), 'n3w pass');
    await userEvent.click(screen.getByTestId('edit-host-credentials-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([{ credentials: { user: 'root@pam', auth_type: 'password', password: 'n3w pass' } }]);
  });

  it("shows the host's refusal in the part that asked, and stays open", async () => {
    stub({
      patch: () =>
        json({ detail: 'Authentication failed for root@pam!portal on https://pve.lan:8006', code: 'bad_request' }, 422),
    });
    const { onClose, onChanged } = renderDialog();
    const form = await screen.findByTestId('edit-host-credentials-form');
    await userEvent.type(within(form).getByLabelText('Token value'), 'wrong');
    await userEvent.click(screen.getByTestId('edit-host-credentials-submit'));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Authentication failed for root@pam!portal on https://pve.lan:8006',
    );
    expect(screen.queryByTestId('edit-host-name-submit-error')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('says when the host still presents its pinned certificate, with nothing to confirm', async () => {
    stub();
    renderDialog();
    expect(await screen.findByTestId('host-certificate-unchanged')).toHaveTextContent(
      'The host still presents its pinned certificate: there is nothing to renew.',
    );
    expect(screen.queryByTestId('host-certificate-confirm')).not.toBeInTheDocument();
  });

  it('renewed certificate: shows both fingerprints in groups, and confirming pins the presented one', async () => {
    const calls = stub({ certificate: () => json(MISMATCH) });
    const success = vi.spyOn(toast, 'success');
    const { onClose } = renderDialog('certificate');
    expect(await screen.findByRole('dialog', { name: 'Renew the certificate of pve-lab' })).toBeInTheDocument();
    // Only the certificate part when opened from a host whose certificate changed.
    expect(screen.queryByTestId('edit-host-name-form')).not.toBeInTheDocument();
    const pinned = await screen.findByTestId('host-certificate-pinned');
    const presented = screen.getByTestId('host-certificate-presented');
    expect(pinned).toHaveTextContent(PINNED);
    expect(presented).toHaveTextContent(PRESENTED);
    // Eight groups of four bytes, each kept on one line.
    const groups = within(presented).getAllByText(/^([0-9A-F]{2}:){3}[0-9A-F]{2}$/);
    expect(groups).toHaveLength(8);
    for (const group of groups) expect(group).toHaveClass('whitespace-nowrap');
    expect(screen.getByText(/Datacenter → node → System → Certificates/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trust the new certificate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([{ fingerprint: PRESENTED }]);
    expect(success).toHaveBeenCalledWith('Certificate renewed: the new one is pinned.');
  });

  it("a failed confirmation shows the server's detail beside the button", async () => {
    stub({
      certificate: () => json(MISMATCH),
      patch: () => json({ detail: 'Too many connection attempts, try again in a minute', code: 'rate_limited' }, 429),
    });
    const { onClose } = renderDialog('certificate');
    await userEvent.click(await screen.findByTestId('host-certificate-confirm'));
    expect(await screen.findByTestId('host-certificate-confirm-error')).toHaveTextContent(
      'Too many connection attempts, try again in a minute',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('an unreachable host: the certificate error with its detail, and a retry that reads it again', async () => {
    let reads = 0;
    const calls = stub({
      certificate: () =>
        reads++ === 0 ? json({ detail: 'https://pve.lan:8006 did not answer', code: 'host_unreachable' }, 504) : json(MISMATCH),
    });
    renderDialog('certificate');
    expect(await screen.findByTestId('host-certificate-error')).toHaveTextContent('https://pve.lan:8006 did not answer');
    await userEvent.click(screen.getByTestId('host-certificate-retry'));
    expect(await screen.findByTestId('host-certificate-presented')).toHaveTextContent(PRESENTED);
    expect(calls.filter((c) => c.url.pathname.endsWith('/certificate'))).toHaveLength(2);
  });

  it('Escape closes the dialog', async () => {
    stub();
    const { onClose } = renderDialog();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
