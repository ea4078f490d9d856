import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json } from '@/testing/stub-api';
import { NotificationsPage } from './notifications-page';
import { buildChannel } from './testing/build-alerts';
import { stubNotifications, WEBHOOK } from './testing/notifications-api';
import { renderAt, setUpAlertTests, signIn } from './testing/render';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS } from './webhook-events';

const render = () => renderAt('/settings/notifications', '/settings/notifications', <NotificationsPage />);

describe('NotificationsPage: domain events of organisation webhooks', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('lists every subscribable type once, grouped by domain', () => {
    expect(new Set(WEBHOOK_EVENTS).size).toBe(WEBHOOK_EVENTS.length);
    expect(WEBHOOK_EVENT_GROUPS.map((g) => g.domain)).toEqual([
      'host',
      'guest',
      'task',
      'schedule',
      'alert',
      'backup',
      'restore_test',
      'member',
      'api_key',
      'licence',
    ]);
    for (const group of WEBHOOK_EVENT_GROUPS)
      for (const type of group.types) expect(type.startsWith(`${group.domain}.`)).toBe(true);
  });

  it('creates a webhook subscribed to events chosen by keyboard, a group at a time or one by one', async () => {
    const calls = stubNotifications({
      'POST /api/notification-channels': (_u, call) =>
        json(
          { ...buildChannel({ id: '00000000-0000-4000-8000-0000000000c3', ...(call.body as object) }), secret: 'whsec_eA==' },
          201,
        ),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Fleet events');
    await userEvent.type(within(dialog).getByLabelText('Webhook URL'), 'https://hooks.example.org/events');
    const events = within(dialog).getByRole('group', { name: 'Events' });
    expect(within(events).getByTestId('channel-events-count')).toHaveTextContent('Alerts only');

    // One event, by Tab and Space from the guests' "all" box.
    const guests = within(events).getByRole('group', { name: 'Guests' });
    const stateChanged = within(guests).getByRole('checkbox', { name: 'Guest state changed' });
    within(guests).getByRole('checkbox', { name: 'Guests: all events' }).focus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(stateChanged).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(stateChanged).toBeChecked();
    // Part of a group: its "all" box is mixed.
    expect(within(guests).getByRole<HTMLInputElement>('checkbox', { name: 'Guests: all events' }).indeterminate).toBe(true);

    // A whole group at once.
    const members = within(events).getByRole('group', { name: 'Members' });
    await userEvent.click(within(members).getByRole('checkbox', { name: 'Members: all events' }));
    for (const box of within(members).getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(within(events).getByTestId('channel-events-count')).toHaveTextContent('Events: 5');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      type: 'webhook',
      name: 'Fleet events',
      // In the catalogue's order, whatever order they were ticked in.
      events: ['guest.state_changed', 'member.invited', 'member.joined', 'member.role_changed', 'member.removed'],
    });
  });

  it('offers events only for the organisation’s generic webhooks', async () => {
    stubNotifications();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel' }));
    const dialog = screen.getByRole('dialog', { name: 'New channel' });
    expect(within(dialog).getByRole('group', { name: 'Events' })).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'Slack');
    expect(within(dialog).queryByRole('group', { name: 'Events' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add one of my channels' }));
    const mine = screen.getByRole('dialog', { name: 'New channel of mine' });
    await userEvent.selectOptions(within(mine).getByLabelText('Type'), 'Webhook');
    expect(within(mine).queryByRole('group', { name: 'Events' })).toBeNull();
  });

  it('changes the events of an existing webhook from the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const subscribed = { ...WEBHOOK, events: ['host.offline' as const, 'host.online' as const] };
    const calls = stubNotifications({
      'GET /api/notification-channels': (url) =>
        json({
          items:
            url.searchParams.get('owner') === 'me'
              ? []
              : [subscribed, buildChannel({ id: '00000000-0000-4000-8000-0000000000c2', type: 'slack', name: 'Team Slack' })],
        }),
      [`PATCH /api/notification-channels/${WEBHOOK.id}`]: (_u, call) => json({ ...subscribed, ...(call.body as object) }),
    });
    render();
    const rows = await within(await screen.findByTestId('channels')).findAllByTestId('channel-row');
    expect(within(rows[0]!).getByTestId('channel-meta')).toHaveTextContent('Events: 2');
    // Slack gets alerts only: no events to choose.
    expect(within(rows[1]!).queryByTestId('channel-events')).toBeNull();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Choose the events sent to Ops webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Events sent to Ops webhook' });
    const hosts = within(dialog).getByRole('group', { name: 'Hosts' });
    expect(within(hosts).getByRole('checkbox', { name: 'Host offline' })).toBeChecked();
    await userEvent.click(within(hosts).getByRole('checkbox', { name: 'Host back online' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Backup failed' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ events: ['host.offline', 'backup.failed'] }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Events of Ops webhook saved'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the events to a member who may not change them, without the button', async () => {
    signIn('operator');
    stubNotifications({
      'GET /api/notification-channels': (url) =>
        json({ items: url.searchParams.get('owner') === 'me' ? [] : [{ ...WEBHOOK, events: ['licence.revoked'] }] }),
    });
    render();
    const [row] = await within(await screen.findByTestId('channels')).findAllByTestId('channel-row');
    expect(within(row!).getByTestId('channel-meta')).toHaveTextContent('Events: 1');
    expect(within(row!).queryByTestId('channel-events')).toBeNull();
  });
});
