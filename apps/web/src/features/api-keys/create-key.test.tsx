import { ROLE_PERMISSIONS } from '@proxai/contract/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setStepUpHandler, STEP_UP_HEADER } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { renderAt, setUpPageTests, signIn } from '@/testing/render-at';
import { json } from '@/testing/stub-api';
import { ApiKeysPage } from './api-keys-page';
import { dayIn } from './expiry';
import { ADA_KEY, buildApiKey, HOST_PROD, stubApiKeys } from './testing/api-keys-api';

const render = () => renderAt('/settings/api-keys', '/settings/api-keys', <ApiKeysPage />);

const STEP_UP = { detail: 'Confirm it is you', code: 'step_up_required', challenge: 'c1', methods: ['email'], webauthn: null };
const SECRET = 'pxk_qr78st90_s3cr3t-0nly-sh0wn-0nc3';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Opens the create dialog from the page's button; answers the dialog. */
async function openCreate() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create a key' }));
  return screen.getByRole('dialog', { name: 'Create an API key' });
}

/** The permissions the create form offers, as their test ids say. */
const offeredScopes = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('data-testid'))
    .filter((id): id is string => id?.startsWith('api-key-scope-') ?? false)
    .map((id) => id.slice('api-key-scope-'.length));

// The first flow types a whole form through the dialog, the second-factor retry and the secret: seconds of work on a
// busy two-core machine.
describe('Creating an API key', { timeout: 40_000 }, () => {
  setUpPageTests(['api-keys']);

  it('creates a key after the second-factor check, shows its secret once with a copy button, then forgets it', async () => {
    // No pause between keystrokes: the long flow stays well within the test's time on a busy machine.
    const user = userEvent.setup({ delay: null });
    const success = vi.spyOn(toast, 'success');
    const remove = setStepUpHandler(() => Promise.resolve('proof'));
    let tries = 0;
    const created = buildApiKey({
      id: '00000000-0000-4000-8000-0000000000d9',
      name: 'Nightly report',
      prefix: 'pxk_qr78st90',
      scopes: ['fleet.read'],
      host_ids: [HOST_PROD.id],
      tags: ['web', 'db'],
      last_used_at: null,
      last_used_ip: null,
    });
    let keys = [ADA_KEY];
    const calls = stubApiKeys({
      'GET /api/api-keys': () => json({ items: keys }),
      'POST /api/api-keys': () => {
        if (++tries === 1) return json(STEP_UP, 401);
        keys = [created, ADA_KEY];
        return json({ ...created, secret: SECRET }, 201);
      },
    });
    try {
      render();
      const opener = await screen.findByRole('button', { name: 'Create a key' });
      await user.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
      await user.type(within(dialog).getByLabelText('Name'), 'Nightly report');
      await user.click(await within(dialog).findByRole('button', { name: 'Read only' }));
      expect(within(dialog).getByRole('button', { name: 'Read only' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(dialog).getByRole('checkbox', { name: 'See the fleet' })).toBeChecked();
      expect(within(dialog).getByRole('checkbox', { name: 'Start, stop and snapshot guests' })).not.toBeChecked();
      await user.click(await within(dialog).findByRole('checkbox', { name: 'pve-prod' }));
      // A tag added with Enter, another with the button, one typed and left: sent all the same.
      const tag = within(dialog).getByLabelText('Tags (optional)');
      await user.type(tag, 'web{Enter}');
      await user.type(tag, 'db');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      await user.type(tag, 'web');
      await user.click(within(dialog).getByRole('button', { name: 'Remove the tag web' }));
      expect(tag).toHaveFocus();
      expect(
        within(within(dialog).getByRole('list', { name: 'Tags of the key' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['db']);
      await user.click(within(dialog).getByRole('button', { name: 'In 30 days' }));
      expect(within(dialog).getByLabelText('Expires on')).toHaveValue(dayIn(30));
      await user.click(within(dialog).getByRole('button', { name: 'Create the key' }));

      const secret = await within(dialog).findByLabelText('Secret');
      expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBe(dialog);
      expect(secret).toHaveValue(SECRET);
      expect(secret).toHaveFocus();
      expect(within(dialog).getByTestId('api-key-created')).toHaveTextContent('Key “Nightly report” created.');
      expect(within(dialog).getByTestId('api-key-secret-warning')).toHaveTextContent('This secret will not be shown again.');
      await user.click(within(dialog).getByRole('button', { name: 'Copy the secret' }));
      expect(await navigator.clipboard.readText()).toBe(SECRET);
      expect(within(dialog).getByTestId('api-key-secret-copy')).toHaveTextContent('Copied');

      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts).toHaveLength(2);
      const retry = vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')[1]!;
      expect((retry[1]?.headers as Record<string, string>)[STEP_UP_HEADER]).toBe('proof');
      const body = posts[1]!.body as { expires_at: string };
      expect(body).toEqual({
        name: 'Nightly report',
        scopes: ['fleet.read'],
        host_ids: [HOST_PROD.id],
        tags: ['db', 'web'],
        expires_at: body.expires_at,
      });
      expect(Math.abs(new Date(body.expires_at).getTime() - Date.now() - 30 * DAY_MS)).toBeLessThan(DAY_MS / 24 + 60_000);
      // The new key is in the list behind the dialog.
      await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(2));
      expect(success).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByDisplayValue(SECRET)).toBeNull();
      expect(document.body).not.toHaveTextContent(SECRET);
      await waitFor(() => expect(opener).toHaveFocus());
      // Opened again: a blank form, never the secret.
      await user.click(opener);
      const again = screen.getByRole('dialog', { name: 'Create an API key' });
      expect(within(again).getByLabelText('Name')).toHaveValue('');
      expect(within(again).queryByLabelText('Secret')).toBeNull();
    } finally {
      remove();
    }
  });

  it('offers as scopes only the permissions GET /auth/me says the person holds, grouped', async () => {
    // Stored as an owner, but the server says otherwise: its answer decides, not the role.
    stubApiKeys({}, { permissions: ['fleet.read', 'guests.operate', 'tasks.cancel', 'audit.read', 'api_keys.create'] });
    render();
    const dialog = await openCreate();
    await within(dialog).findByRole('checkbox', { name: 'See the fleet' });
    expect(offeredScopes(dialog)).toEqual(['fleet.read', 'guests.operate', 'tasks.cancel', 'audit.read', 'api_keys.create']);
    expect(within(dialog).getByRole('group', { name: 'Fleet and hosts' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Guests, tasks and schedules' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Members and organisation' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Backups and restore tests' })).toBeNull();
    // Operate is cut to what is held.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Operate' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox', { checked: true })
        .map((box) => box.getAttribute('data-testid')),
    ).toEqual(['api-key-scope-fleet.read', 'api-key-scope-guests.operate', 'api-key-scope-tasks.cancel']);
  });

  it('says what a key limited to hosts or tags reaches, once one is chosen', async () => {
    stubApiKeys();
    render();
    const dialog = await openCreate();
    const host = await within(dialog).findByRole('checkbox', { name: 'pve-prod' });
    expect(within(dialog).queryByTestId('api-key-reach-note')).toBeNull();
    await userEvent.click(host);
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      /Restores, running restore tests, members and licences stay out of its reach/,
    );
    await userEvent.click(host);
    expect(within(dialog).queryByTestId('api-key-reach-note')).toBeNull();
  });

  it("offers an operator exactly the operator's permissions of the map", async () => {
    signIn('operator');
    stubApiKeys({}, { permissions: [...ROLE_PERMISSIONS.operator] });
    render();
    const dialog = await openCreate();
    await within(dialog).findByRole('checkbox', { name: 'See the fleet' });
    expect(offeredScopes(dialog).sort()).toEqual([...ROLE_PERMISSIONS.operator].sort());
    expect(within(dialog).queryByRole('checkbox', { name: 'Manage hosts' })).toBeNull();
  });

  it('checks the form before sending: a name, a permission, an expiry within a year', async () => {
    const calls = stubApiKeys();
    render();
    const dialog = await openCreate();
    await within(dialog).findByRole('checkbox', { name: 'See the fleet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Give the key a name (100 characters at most).');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByTestId('api-key-scopes-field')).toHaveTextContent('Choose at least one permission.');

    await userEvent.type(name, 'CI');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'See the fleet' }));
    const date = within(dialog).getByLabelText('Expires on');
    fireEvent.change(date, { target: { value: dayIn(400) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByTestId('api-key-expiry-field')).toHaveTextContent('A key lives one year at most: choose');
    await waitFor(() => expect(date).toHaveFocus());
    fireEvent.change(date, { target: { value: '' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect(within(dialog).getByTestId('api-key-expiry-field')).toHaveTextContent('Choose when the key expires.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's validation errors by their field", async () => {
    stubApiKeys({
      'POST /api/api-keys': () =>
        json(
          {
            detail: 'The expiry must be in the future',
            code: 'validation_failed',
            errors: [{ path: 'expires_at', message: 'must be in the future' }],
          },
          400,
        ),
    });
    render();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'CI');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Read only' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    const date = within(dialog).getByLabelText('Expires on');
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(expect.stringContaining('must be in the future'));
    expect(within(dialog).getByTestId('api-key-form-error')).toHaveTextContent('The expiry must be in the future');
    expect(within(dialog).getByTestId('api-key-form-error')).toHaveTextContent('The key could not be created.');
    await waitFor(() => expect(date).toHaveFocus());
    // Still the form: nothing was created.
    expect(within(dialog).queryByLabelText('Secret')).toBeNull();
  });

  it('says which plan opens API keys when the server answers plan_required, and shows a refused scope', async () => {
    let answer = () => json({ detail: 'Scoped API keys need the Essential plan', code: 'plan_required', plan: 'essential' }, 403);
    stubApiKeys({ 'POST /api/api-keys': () => answer() });
    render();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'CI');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Read only' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    const plan = await within(dialog).findByTestId('api-keys-plan-required');
    expect(plan).toHaveTextContent('API keys are available from the Essential plan');
    expect(within(plan).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');

    answer = () => json({ detail: 'Your role (operator) does not allow these scopes: hosts.manage', code: 'forbidden' }, 403);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
    expect(await within(dialog).findByTestId('api-key-form-error')).toHaveTextContent(
      'Your role (operator) does not allow these scopes: hosts.manage',
    );
    expect(within(dialog).queryByTestId('api-keys-plan-required')).toBeNull();
  });

  it('says nothing when the second-factor check is cancelled, and keeps the form', async () => {
    const remove = setStepUpHandler(() => Promise.reject(Object.assign(new Error('cancelled'), { name: 'StepUpCancelled' })));
    const calls = stubApiKeys({ 'POST /api/api-keys': () => json(STEP_UP, 401) });
    try {
      render();
      const dialog = await openCreate();
      await userEvent.type(within(dialog).getByLabelText('Name'), 'CI');
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Read only' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create the key' }));
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create the key' })).toBeEnabled());
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(within(dialog).getByLabelText('Name')).toHaveValue('CI');
    } finally {
      remove();
    }
  });
});
