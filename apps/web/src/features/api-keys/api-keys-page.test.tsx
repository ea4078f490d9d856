import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json } from '@/testing/stub-api';
import { ApiKeysPage } from './api-keys-page';
import { ADA_KEY, buildApiKey, GRACE_KEY, HOST_PROD, stubApiKeys } from './testing/api-keys-api';

const render = () => renderAt('/settings/api-keys', '/settings/api-keys', <ApiKeysPage />);

describe('ApiKeysPage', { timeout: 20_000 }, () => {
  setUpPageTests(['api-keys']);

  it('explains how a key is used and lists the keys: prefix, permissions, reach, creator, dates, last use, states', async () => {
    stubApiKeys();
    render();
    const usage = screen.getByTestId('api-keys-usage');
    expect(usage).toHaveTextContent('Authorization: Bearer <secret>');
    expect(within(usage).getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute('href', '/api/docs');

    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(4);
    const [ada, grace, revoked, expired] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(ada).getByRole('rowheader')).toHaveTextContent('Backup report');
    const prefix = within(ada).getByTestId('api-key-prefix');
    expect(prefix).toHaveTextContent('pxk_ab12cd34');
    expect(prefix).toHaveClass('font-mono');
    // Three permissions by name, the rest counted; screen readers hear them all.
    const scopes = within(ada).getByTestId('api-key-scopes');
    expect(scopes).toHaveTextContent('See the fleet, Start, stop and snapshot guests, Cancel tasks, Back up and restore');
    expect(within(scopes).getByText('+2')).toHaveAttribute(
      'title',
      'Back up and restore to a new guest, Acknowledge and silence alerts',
    );
    await waitFor(() => expect(within(ada).getByTestId('api-key-reach')).toHaveTextContent('Hosts: pve-lab'));
    expect(within(ada).getByTestId('api-key-reach')).toHaveTextContent('Tags: prod');
    expect(within(ada).getByTestId('api-key-created')).toHaveTextContent('2026');
    expect(within(ada).getByTestId('api-key-created')).toHaveTextContent('by ada@example.org');
    expect(within(ada).getByTestId('api-key-expires')).toHaveTextContent('2099');
    expect(within(ada).getByTestId('api-key-last-used')).toHaveTextContent('2026');
    expect(within(ada).getByTestId('api-key-last-used')).toHaveTextContent('from \u2068203.0.113.7\u2069');
    expect(within(ada).queryByTestId('api-key-revoked')).toBeNull();
    expect(within(ada).queryByTestId('api-key-expired')).toBeNull();

    expect(within(grace).getByTestId('api-key-reach')).toHaveTextContent('All hosts and guests');
    expect(within(grace).getByTestId('api-key-last-used')).toHaveTextContent('Never used');
    expect(within(grace).getByTestId('api-key-created')).toHaveTextContent('by grace@example.org');

    expect(within(revoked).getByTestId('api-key-revoked')).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent('Revoked on');
    expect(within(expired).getByTestId('api-key-expired')).toHaveTextContent('Expired');
    expect(within(expired).getByTestId('api-key-expires')).toHaveTextContent('2025');
  });

  it('names a host since deleted, and a key whose creator left', async () => {
    stubApiKeys(
      {},
      { keys: [buildApiKey({ host_ids: [HOST_PROD.id, '00000000-0000-4000-8000-0000000000ff'], created_by: null })] },
    );
    render();
    const row = await screen.findByTestId('api-key-row');
    await waitFor(() => expect(within(row).getByTestId('api-key-reach')).toHaveTextContent('Hosts: pve-prod, deleted host'));
    expect(within(row).getByTestId('api-key-created')).toHaveTextContent('by a former member');
  });

  it('shows the loading state, then the empty state inviting to create one', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApiKeys({ 'GET /api/api-keys': () => new Promise<Response>((resolve) => (answer = resolve)) });
    render();
    expect(await screen.findByTestId('api-keys-loading')).toHaveAttribute('aria-busy', 'true');
    answer(json({ items: [] }));
    expect(await screen.findByTestId('api-keys-empty')).toHaveTextContent('No API keys yet. Create one for a script');
    expect(screen.getByRole('button', { name: 'Create a key' })).toBeInTheDocument();
  });

  it('says when the keys cannot be loaded, with the server words and a retry that asks again', async () => {
    let fails = true;
    const calls = stubApiKeys({
      'GET /api/api-keys': () => (fails ? json({ detail: 'Database unavailable', code: 'internal' }, 500) : json({ items: [] })),
    });
    render();
    const error = await screen.findByTestId('api-keys-error');
    expect(error).toHaveTextContent('The API keys could not be loaded.');
    expect(error).toHaveTextContent('Database unavailable');
    fails = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('api-keys-empty')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/api-keys')).toHaveLength(2);
  });

  it('shows the plan that opens API keys instead of the list on the Free plan, without a create button', async () => {
    stubApiKeys({
      'GET /api/api-keys': () =>
        json({ detail: 'Scoped API keys need the Essential plan', code: 'plan_required', plan: 'essential' }, 403),
    });
    render();
    expect(await screen.findByTestId('api-keys-plan-required')).toHaveTextContent(
      'API keys are available from the Essential plan',
    );
    expect(screen.queryByRole('button', { name: 'Create a key' })).toBeNull();
    expect(screen.queryByTestId('api-keys-error')).toBeNull();
  });

  it('revokes a key after confirming; cancelling puts the focus back on its button', async () => {
    const success = vi.spyOn(toast, 'success');
    let keys = [ADA_KEY, GRACE_KEY];
    const calls = stubApiKeys({
      'GET /api/api-keys': () => json({ items: keys }),
      [`DELETE /api/api-keys/${GRACE_KEY.id}`]: () => {
        keys = [ADA_KEY, { ...GRACE_KEY, revoked_at: '2026-11-28T08:00:00.000Z' }];
        return new Response(null, { status: 204 });
      },
    });
    render();
    const button = await screen.findByRole('button', { name: 'Revoke the key Grafana' });
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key “Grafana”?' });
    expect(dialog).toHaveTextContent('Scripts and integrations using it are refused at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Key “Grafana” revoked'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const grace = (await screen.findAllByTestId('api-key-row'))[1]!;
    await waitFor(() => expect(within(grace).getByTestId('api-key-revoked')).toBeInTheDocument());
    expect(within(grace).queryByRole('button', { name: /Revoke/ })).toBeNull();
    // Its button is gone: the focus waits on the list's title.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Keys of the organisation' })).toHaveFocus());
  });

  it("shows the server's refusal of a revocation above the list", async () => {
    stubApiKeys({
      [`DELETE /api/api-keys/${ADA_KEY.id}`]: () =>
        json({ detail: 'Only its creator or an administrator can revoke this key', code: 'forbidden' }, 403),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the key Backup report' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByTestId('api-keys-failure')).toHaveTextContent(
      'Only its creator or an administrator can revoke this key',
    );
  });

  it("lets an operator revoke only their own working keys (others' need members.manage)", async () => {
    signIn('operator');
    stubApiKeys({}, { permissions: [...ROLE_PERMISSIONS.operator] });
    render();
    const rows = await screen.findAllByTestId('api-key-row');
    await waitFor(() =>
      expect(within(rows[0]!).getByRole('button', { name: 'Revoke the key Backup report' })).toBeInTheDocument(),
    );
    expect(within(rows[1]!).queryByTestId('api-key-revoke')).toBeNull();
    // Revoked and expired keys have nothing left to revoke.
    expect(within(rows[2]!).queryByTestId('api-key-revoke')).toBeNull();
    expect(within(rows[3]!).queryByTestId('api-key-revoke')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create a key' })).toBeInTheDocument();
  });

  it('shows a read-only member the list without controls, saying which roles can create keys', async () => {
    signIn('readonly');
    stubApiKeys({}, { permissions: [...ROLE_PERMISSIONS.readonly] });
    render();
    expect(await screen.findAllByTestId('api-key-row')).toHaveLength(4);
    expect(screen.getByTestId('api-keys-role-note')).toHaveTextContent(
      'Your role cannot create or revoke API keys. Roles that can: Owner, Administrator, Operator.',
    );
    expect(screen.queryByRole('button', { name: 'Create a key' })).toBeNull();
    expect(screen.queryByTestId('api-key-revoke')).toBeNull();
  });

  it('says so to a read-only member the server does not show the keys to, rather than an error', async () => {
    signIn('readonly');
    stubApiKeys(
      {
        'GET /api/api-keys': () =>
          json({ detail: 'Your role (readonly) does not allow this (api_keys.create)', code: 'forbidden' }, 403),
      },
      { permissions: [...ROLE_PERMISSIONS.readonly] },
    );
    render();
    expect(await screen.findByTestId('api-keys-role-note')).toHaveTextContent(
      "Your role cannot see or create the organisation's API keys. Roles that can: Owner, Administrator, Operator.",
    );
    expect(screen.getAllByTestId('api-keys-role-note')).toHaveLength(1);
    expect(screen.queryByTestId('api-keys-error')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create a key' })).toBeNull();
  });
});
