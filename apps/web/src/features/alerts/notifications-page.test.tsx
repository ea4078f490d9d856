import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json } from '@/testing/stub-api';
import { NotificationsPage } from './notifications-page';
import { buildChannel, buildDelivery } from './testing/build-alerts';
import { PREFS, SLACK, stubNotifications, WEBHOOK } from './testing/notifications-api';
import { renderAt, setUpAlertTests, signIn } from './testing/render';

const stub = stubNotifications;

const render = () => renderAt('/settings/notifications', '/settings/notifications', <NotificationsPage />);

describe('NotificationsPage', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('lists the channels with their type, target and last delivery', async () => {
    stub();
    render();
    const rows = await within(await screen.findByTestId('channels')).findAllByTestId('channel-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ops webhook');
    expect(rows[0]).toHaveTextContent('Webhook');
    expect(rows[1]).toHaveTextContent('Slack');
    expect(within(rows[1]!).getByTestId('channel-meta')).toHaveTextContent('From Information · last delivery Delivered');
    // Only generic webhooks have a signing secret to rotate.
    expect(within(rows[0]!).getByRole('button', { name: 'Rotate the secret of Ops webhook' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('channel-rotate')).toBeNull();
  });

  it('creates a webhook and shows its secret once, with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = stub({
      'POST /api/notification-channels': () =>
        json(
          { ...buildChannel({ id: '00000000-0000-4000-8000-0000000000c3', name: 'New hook' }), secret: 'whsec_c2VjcmV0' },
          201,
        ),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'New hook');
    await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.example.org/proxai');
    await userEvent.selectOptions(within(dialog).getByLabelText('Least severe alert sent'), 'Warning');
    // Its messages are in the page's language unless another is chosen.
    expect(within(dialog).getByLabelText('Language of its messages')).toHaveValue('en');
    await userEvent.selectOptions(within(dialog).getByLabelText('Language of its messages'), 'Deutsch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret of New hook' });
    expect(within(secret).getByTestId('channel-secret')).toHaveTextContent('whsec_c2VjcmV0');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    expect(within(secret).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'webhook',
      name: 'New hook',
      url: 'https://hooks.example.org/proxai',
      min_severity: 'warning',
      language: 'de',
    });
    await userEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal of an address in the form", async () => {
    stub({
      'POST /api/notification-channels': () =>
        json({ detail: 'This address is not allowed by the address policy', code: 'address_refused' }, 400),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Local');
    await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'http://127.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByTestId('channel-error')).toHaveTextContent(
      'This address is not allowed by the address policy',
    );
  });

  it('tests a channel, rotates a secret, and deletes a channel after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    const calls = stub({
      [`POST /api/notification-channels/${SLACK.id}/test`]: () =>
        json({ ok: false, delivery: buildDelivery({ status: 'retrying', last_error: 'HTTP 404' }) }),
      [`POST /api/notification-channels/${WEBHOOK.id}/test`]: () =>
        json({ ok: true, delivery: buildDelivery({ status: 'delivered' }) }),
      [`POST /api/notification-channels/${WEBHOOK.id}/rotate-secret`]: () =>
        json({ ...WEBHOOK, previous_secret_expires_at: '2026-01-13T12:00:00.000Z', secret: 'whsec_bmV3' }),
      [`DELETE /api/notification-channels/${SLACK.id}`]: () => json({ message: 'Notification channel deleted' }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test message to Ops webhook' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Test message delivered to Ops webhook'));
    await userEvent.click(screen.getByRole('button', { name: 'Send a test message to Team Slack' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('The test message to Team Slack failed: HTTP 404'));

    await userEvent.click(screen.getByRole('button', { name: 'Rotate the secret of Ops webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret of Ops webhook' });
    expect(secret).toHaveTextContent('whsec_bmV3');
    await userEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete the channel Team Slack' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the channel Team Slack?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Channel Team Slack deleted'));
  });

  it('shows the delivery log and replays a dead letter', async () => {
    const calls = stub({
      [`POST /api/notification-deliveries/${buildDelivery().id}/replay`]: () => json(buildDelivery({ status: 'pending' })),
    });
    render();
    const deliveries = await screen.findByTestId('deliveries');
    expect(await within(deliveries).findByTestId('delivery-row')).toHaveTextContent('Delivered');
    await userEvent.selectOptions(within(deliveries).getByLabelText('Show'), 'Dead letters');
    const dead = await within(deliveries).findByText('Given up', { exact: false });
    expect(dead).toHaveTextContent('attempts: 12');
    await userEvent.click(within(deliveries).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/replay'))).toBe(true));
  });

  it('saves personal preferences with quiet hours in the chosen zone', async () => {
    const calls = stub({ 'PUT /api/notification-preferences': (_u, call) => json({ ...PREFS, ...(call.body as object) }) });
    render();
    const form = await screen.findByTestId('preferences');
    expect(within(form).getByLabelText('Send me alerts by e-mail')).toBeChecked();
    await userEvent.click(within(form).getByLabelText('Quiet hours'));
    const start = within(form).getByLabelText('From');
    await userEvent.clear(start);
    await userEvent.type(start, '23:00');
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Asia/Tokyo');
    await userEvent.selectOptions(within(form).getByLabelText('Still send at once'), 'Nothing');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: true,
      min_severity: 'warning',
      quiet_hours: { start: '23:00', end: '07:00', timezone: 'Asia/Tokyo', bypass_severity: null },
    });
  });

  it('changes the language a channel writes in, from the list', async () => {
    const calls = stub({
      [`PATCH /api/notification-channels/${WEBHOOK.id}`]: (_u, call) => json({ ...WEBHOOK, ...(call.body as object) }),
    });
    render();
    const [row] = await within(await screen.findByTestId('channels')).findAllByTestId('channel-row');
    const select = within(row!).getByRole('combobox', { name: 'Language of its messages' });
    expect(select).toHaveValue('en');
    await userEvent.selectOptions(select, '日本語');
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ language: 'ja' }));
  });

  it('a member who may not manage channels reads them and sets only their own preferences', async () => {
    signIn('operator');
    stub();
    render();
    const rows = await screen.findAllByTestId('channel-row');
    // The language each channel writes in is shown, in its own name, not offered for change.
    expect(within(rows[0]!).getByTestId('channel-language')).toHaveTextContent('English');
    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a channel' })).toBeNull();
    expect(screen.queryByTestId('channel-delete')).toBeNull();
    expect(screen.getByTestId('pref-save')).toBeEnabled();
    // Their own channels are theirs to add.
    expect(screen.getByRole('button', { name: 'Add one of my channels' })).toBeInTheDocument();
  });
});
