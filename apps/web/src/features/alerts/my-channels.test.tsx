import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/stub-api';
import { NotificationsPage } from './notifications-page';
import { buildChannel, buildDelivery } from './testing/build-alerts';
import { stubNotifications, WEBHOOK } from './testing/notifications-api';
import { renderAt, setUpAlertTests, signIn } from './testing/render';

const PHONE = buildChannel({
  id: '00000000-0000-4000-8000-0000000000c9',
  owner: 'me',
  type: 'ntfy',
  name: 'My phone',
  url: 'https://ntfy.sh/prox…',
  has_token: true,
});

const render = () => renderAt('/settings/notifications', '/settings/notifications', <NotificationsPage />);
const mySection = () => screen.findByTestId('my-channels');

describe('NotificationsPage: my channels, scope, plan', { timeout: 20_000 }, () => {
  setUpAlertTests('readonly');

  it('shows my own channels apart from the organisation’s, and lets any member add one', async () => {
    signIn('readonly');
    const calls = stubNotifications(
      {
        'POST /api/notification-channels': (_u, call) =>
          json(
            {
              ...buildChannel({ id: '00000000-0000-4000-8000-0000000000ca', owner: 'me', ...(call.body as object) }),
              secret: null,
            },
            201,
          ),
      },
      [PHONE],
    );
    render();
    const mine = await mySection();
    expect(within(mine).getByRole('heading', { name: 'My channels' })).toBeInTheDocument();
    expect(await within(mine).findByTestId('channel-row')).toHaveTextContent('My phone');
    expect(within(await screen.findByTestId('channels')).queryByText('My phone')).toBeNull();
    // A read-only member manages their own channel, not the organisation's.
    expect(screen.queryByRole('button', { name: 'Add a channel' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Delete the channel My phone' })).toBeInTheDocument();

    await userEvent.click(within(mine).getByRole('button', { name: 'Add one of my channels' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel of mine' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'E-mail');
    // A personal e-mail channel sends to the account's address: nothing to type.
    expect(within(dialog).queryByLabelText('E-mail address')).toBeNull();
    expect(within(dialog).getByTestId('channel-account-address')).toHaveTextContent("your account's e-mail address");
    expect(within(dialog).getByText(/follows your quiet hours/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'My inbox');
    await userEvent.selectOptions(within(dialog).getByLabelText('Least severe alert sent'), 'Critical');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      owner: 'me',
      type: 'email',
      name: 'My inbox',
      min_severity: 'critical',
      language: 'en',
    });
  });

  it('narrows a new channel to guests with some tags, and says what is missing first', async () => {
    signIn('owner');
    const calls = stubNotifications({
      'POST /api/notification-channels': (_u, call) =>
        json({ ...buildChannel({ id: '00000000-0000-4000-8000-0000000000cb' }), ...(call.body as object), secret: null }, 201),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'Slack');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Web team');
    await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.slack.com/services/T/B/x');
    await userEvent.click(within(dialog).getByLabelText('Guests with tags'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByTestId('channel-scope-problem')).toHaveTextContent('Enter at least one tag.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByTestId('channel-tags'), 'web, prod');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      type: 'slack',
      name: 'Web team',
      scope: { tags: ['web', 'prod'] },
    });
  });

  it('shows a webhook paused by the plan, with its test disabled and its skipped messages', async () => {
    signIn('owner');
    const paused = { ...WEBHOOK, paused_by_plan: 'pro' as const };
    stubNotifications({
      'GET /api/notification-channels': (url) => json({ items: url.searchParams.get('owner') === 'me' ? [] : [paused] }),
      [`GET /api/notification-channels/${WEBHOOK.id}/deliveries`]: () =>
        json({
          items: [
            buildDelivery({
              status: 'skipped',
              attempts: 0,
              last_status_code: null,
              last_error: 'Paused by plan: generic webhooks need the Pro plan or higher; this organisation is on Free',
            }),
          ],
          next_cursor: null,
        }),
    });
    render();
    const row = await within(await screen.findByTestId('channels')).findByTestId('channel-row');
    expect(within(row).getByTestId('channel-paused')).toHaveTextContent('Paused by the plan');
    expect(within(row).getByTestId('channel-paused-text')).toHaveTextContent('Generic webhooks need the Pro plan');
    expect(within(row).getByRole('button', { name: 'Send a test message to Ops webhook' })).toBeDisabled();
    const log = await screen.findByTestId('deliveries');
    const skipped = await within(log).findByTestId('delivery-row');
    expect(skipped).toHaveTextContent('Skipped (plan)');
    expect(skipped).toHaveTextContent('Paused by plan');
    // Not replayable while the channel is still paused.
    expect(within(skipped).queryByRole('button', { name: 'Replay' })).toBeNull();
  });
});
