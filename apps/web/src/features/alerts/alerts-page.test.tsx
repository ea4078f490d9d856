import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { AlertsPage } from './alerts-page';
import { AlertsBell } from './components/alerts-bell';
import { buildAlert, buildRule, GUEST_1, HOST_A } from './testing/build-alerts';
import { renderAt, setUpAlertTests, signIn } from './testing/render';

const CRITICAL = buildAlert({
  id: '00000000-0000-4000-8000-0000000000e2',
  kind: 'host_offline',
  severity: 'critical',
  subject: { kind: 'host', id: HOST_A, name: 'pve-a' },
  summary: 'pve-a unreachable for over 120 s',
  value: 150,
  threshold: 120,
  escalation_level: 2,
});
const WARNING = buildAlert();
const RESOLVED = buildAlert({
  id: '00000000-0000-4000-8000-0000000000e3',
  status: 'resolved',
  started_at: '2026-01-12T08:00:00.000Z',
  resolved_at: '2026-01-12T09:05:00.000Z',
  acknowledged_at: '2026-01-12T08:10:00.000Z',
  acknowledged_by: 'ada@example.org',
});

const page = <T,>(items: T[]) => json({ items, next_cursor: null });

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/alerts': (url) => page(url.searchParams.get('status') === 'resolved' ? [RESOLVED] : [CRITICAL, WARNING]),
    'GET /api/alerts/count': () => json({ active_unacknowledged: 2, active: 2, worst_severity: 'critical' }),
    'GET /api/alert-rules': () =>
      json({
        items: [
          buildRule(),
          buildRule({
            id: '00000000-0000-4000-8000-0000000000f2',
            kind: 'host_offline',
            name: 'Host offline',
            severity: 'critical',
            trigger: 120,
            clear: null,
            duration_seconds: 0,
          }),
        ],
      }),
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a' }]),
    ...routes,
  });
}

describe('AlertsPage', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('lists the active alerts with their severity, kind, subject link, escalation and summary', async () => {
    stub();
    renderAt('/alerts', '/alerts', <AlertsPage />);
    const rows = await screen.findAllByTestId('alert-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('severity')).toHaveTextContent('Critical');
    expect(rows[0]).toHaveTextContent('Host offline');
    expect(rows[0]).toHaveTextContent('Escalation level 2');
    expect(within(rows[0]!).getByRole('link', { name: 'pve-a' })).toHaveAttribute('href', `/hosts/${HOST_A}`);
    expect(within(rows[1]!).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', `/vms/${GUEST_1}`);
    // The line is composed in the reader's language from the alert's fields (the server's summary is English).
    expect(rows[0]).toHaveTextContent('pve-a unreachable for 2.5 minutes (trigger 2 minutes)');
    expect(rows[1]).toHaveTextContent('CPU of web-01 at 93% (trigger 90%)');
    expect(screen.getByRole('tab', { name: /Active/ })).toHaveTextContent('2');
  });

  it('acknowledges an alert, and silences one for the chosen duration', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stub({
      [`POST /api/alerts/${WARNING.id}/ack`]: () => json({ ...WARNING, acknowledged_at: '2026-01-12T12:00:00.000Z' }),
      [`POST /api/alerts/${CRITICAL.id}/silence`]: () => json({ ...CRITICAL, silenced_until: '2026-01-12T16:00:00.000Z' }),
    });
    renderAt('/alerts', '/alerts', <AlertsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge the alert on web-01' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Alert on web-01 acknowledged'));
    await userEvent.selectOptions(screen.getByLabelText('Silence the alert on pve-a for'), '4 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Silence the alert on pve-a' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Alert on pve-a silenced'));
    expect(calls.find((c) => c.url.pathname.endsWith('/silence'))?.body).toEqual({ minutes: 240 });
    // The list and the count are read again after each action.
    expect(calls.filter((c) => c.url.pathname === '/api/alerts').length).toBeGreaterThanOrEqual(3);
  });

  it('filters by severity and by words', async () => {
    stub();
    renderAt('/alerts', '/alerts', <AlertsPage />);
    await screen.findAllByTestId('alert-row');
    await userEvent.selectOptions(screen.getByLabelText('Severity'), 'Critical');
    expect(screen.getAllByTestId('alert-row')).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Severity'), 'All severities');
    await userEvent.type(screen.getByLabelText('Search'), 'web-01');
    expect(screen.getAllByTestId('alert-row')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Search'), ' nothing');
    expect(screen.getByTestId('alerts-filtered-empty')).toBeInTheDocument();
  });

  it('says all is clear when nothing is active, and shows the history with durations', async () => {
    stub({ 'GET /api/alerts': (url) => page(url.searchParams.get('status') === 'resolved' ? [RESOLVED] : []) });
    renderAt('/alerts', '/alerts', <AlertsPage />);
    expect(await screen.findByTestId('alerts-empty-active')).toHaveTextContent('No active alert');
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByTestId('alert-meta')).toHaveTextContent('1 h 5 min');
    expect(row).toHaveTextContent('acknowledged by ada@example.org');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('a read-only member sees the alerts without their actions', async () => {
    signIn('readonly');
    stub();
    renderAt('/alerts', '/alerts', <AlertsPage />);
    await screen.findAllByTestId('alert-row');
    expect(screen.queryByTestId('alert-ack')).toBeNull();
    expect(screen.queryByTestId('alert-silence')).toBeNull();
  });
});

describe('RulesEditor', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('edits thresholds, refuses a clear at or above the trigger, then saves the whole set', async () => {
    // The server answers the saved set, new rules with their ids.
    const calls = stub({
      'PUT /api/alert-rules': (_u, call) =>
        json({
          items: (call.body as { items: { id?: string }[] }).items.map((r, i) => ({
            ...buildRule(),
            ...r,
            id: r.id ?? `00000000-0000-4000-8000-00000000010${i}`,
          })),
        }),
    });
    renderAt('/alerts?tab=rules', '/alerts', <AlertsPage />);
    const cards = await screen.findAllByTestId('rule-card');
    expect(cards).toHaveLength(2);
    const cpu = cards[0]!;
    // host_offline's trigger is typed in minutes (120 s → 2).
    expect(within(cards[1]!).getByLabelText('Trigger after (minutes unreachable)')).toHaveValue(2);
    const clear = within(cpu).getByLabelText('Clear (% used)');
    await userEvent.clear(clear);
    await userEvent.type(clear, '95');
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(within(cpu).getByTestId('rule-problem')).toHaveTextContent('The clear threshold must be below the trigger.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(clear);
    await userEvent.type(clear, '75');
    await userEvent.click(within(cpu).getByLabelText('Guests with tags'));
    await userEvent.type(within(cpu).getByLabelText('Tags (comma separated)'), 'web, db');
    await userEvent.selectOptions(screen.getByLabelText('New rule for'), 'Disk');
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { items: Record<string, unknown>[] };
    expect(body.items).toHaveLength(3);
    expect(body.items[0]).toMatchObject({ id: buildRule().id, trigger: 90, clear: 75, scope: { tags: ['web', 'db'] } });
    expect(body.items[1]).toMatchObject({ kind: 'host_offline', trigger: 120, clear: null, scope: { all: true } });
    expect(body.items[2]).toMatchObject({ kind: 'disk', name: 'Disk', trigger: 90, clear: 80 });
    expect(body.items[2]).not.toHaveProperty('id');
  });

  it('shows the rules read-only to members who may not change them', async () => {
    signIn('readonly');
    stub();
    renderAt('/alerts?tab=rules', '/alerts', <AlertsPage />);
    await screen.findAllByTestId('rule-card');
    expect(screen.getByText('Only owners and administrators can change the rules.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save the rules' })).toBeNull();
    expect(screen.getAllByLabelText('Name')[0]).toBeDisabled();
  });
});

describe('AlertsBell', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('shows the count of active alerts nobody acknowledged, and opens /alerts', async () => {
    stub();
    renderAt('/dashboard', '/dashboard', <AlertsBell />);
    const bell = await screen.findByRole('link', { name: 'Alerts: 2 active and not acknowledged' });
    expect(within(bell).getByTestId('alerts-bell-count')).toHaveTextContent('2');
    await userEvent.click(bell);
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  });

  it('announces a change of the count to screen readers, not the first reading', async () => {
    let waiting = 2;
    stub({
      'GET /api/alerts/count': () => json({ active_unacknowledged: waiting, active: waiting, worst_severity: 'warning' }),
    });
    const client = renderAt('/dashboard', '/dashboard', <AlertsBell />);
    await screen.findByRole('link', { name: 'Alerts: 2 active and not acknowledged' });
    expect(screen.getByRole('status')).toHaveTextContent('');
    waiting = 3;
    await client.invalidateQueries();
    await screen.findByRole('link', { name: 'Alerts: 3 active and not acknowledged' });
    expect(screen.getByRole('status')).toHaveTextContent('Alerts: 3 active and not acknowledged');
  });

  it('has no number when nothing waits', async () => {
    stub({ 'GET /api/alerts/count': () => json({ active_unacknowledged: 0, active: 1, worst_severity: null }) });
    renderAt('/dashboard', '/dashboard', <AlertsBell />);
    expect(await screen.findByRole('link', { name: 'Alerts: none active' })).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-bell-count')).toBeNull();
  });
});
