import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/testing/stub-api';
import { AlertsPage } from './alerts-page';
import { buildRule, HOST_A } from './testing/build-alerts';
import { renderAt, setUpAlertTests } from './testing/render';

// The rule kinds of backups and restore tests (issue 19): the failed ones take no threshold, the missing ones a
// whole number of hours (backups) or days (restore tests).

const RULES = [
  buildRule({
    id: '00000000-0000-4000-8000-0000000000f3',
    kind: 'backup_missing',
    name: 'No recent backup',
    trigger: 26,
    clear: null,
    duration_seconds: 0,
  }),
  buildRule({
    id: '00000000-0000-4000-8000-0000000000f4',
    kind: 'restore_test_failed',
    name: 'Restore test failed',
    severity: 'critical',
    trigger: null,
    clear: null,
    duration_seconds: 0,
  }),
];

function stub() {
  return stubApi({
    'GET /api/alerts': () => json({ items: [], next_cursor: null }),
    'GET /api/alert-rules': () => json({ items: RULES }),
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a' }]),
    'PUT /api/alert-rules': (_u, call) =>
      json({
        items: (call.body as { items: { id?: string }[] }).items.map((r, i) => ({
          ...buildRule(),
          ...r,
          id: r.id ?? `00000000-0000-4000-8000-00000000010${i}`,
        })),
      }),
  });
}

describe('RulesEditor: backup and restore-test rules', { timeout: 20_000 }, () => {
  setUpAlertTests();

  it('shows each kind with its label and the unit of its trigger, or no threshold', async () => {
    stub();
    renderAt('/alerts?tab=rules', '/alerts', <AlertsPage />);
    const [missing, failed] = await screen.findAllByTestId('rule-card');
    expect(missing).toHaveTextContent('Backup missing');
    expect(within(missing!).getByLabelText('Trigger after (hours without a backup)')).toHaveValue(26);
    expect(within(missing!).queryByTestId('rule-clear')).toBeNull();
    expect(failed).toHaveTextContent('Restore test failed');
    expect(within(failed!).queryByTestId('rule-trigger')).toBeNull();
    expect(within(failed!).queryByTestId('rule-clear')).toBeNull();
    const kinds = within(screen.getByLabelText('New rule for')).getAllByRole('option');
    expect(kinds.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Backup failed', 'Backup missing', 'Restore test failed', 'Restore test missing']),
    );
  });

  it('adds a missing-test rule in days and a failed-backup rule without thresholds, refusing a part of a day', async () => {
    const calls = stub();
    renderAt('/alerts?tab=rules', '/alerts', <AlertsPage />);
    await screen.findAllByTestId('rule-card');
    await userEvent.selectOptions(screen.getByLabelText('New rule for'), 'Restore test missing');
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    await userEvent.selectOptions(screen.getByLabelText('New rule for'), 'Backup failed');
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    const cards = screen.getAllByTestId('rule-card');
    const days = within(cards[2]!).getByLabelText('Trigger after (days without a passing test)');
    expect(days).toHaveValue(30);
    expect(within(cards[3]!).queryByTestId('rule-trigger')).toBeNull();

    await userEvent.clear(days);
    await userEvent.type(days, '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    expect(within(cards[2]!).getByTestId('rule-problem')).toHaveTextContent('Enter a whole number of days from 1 to 365.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { items: Record<string, unknown>[] };
    expect(body.items[2]).toMatchObject({ kind: 'restore_test_missing', name: 'Restore test missing', trigger: 14, clear: null });
    expect(body.items[3]).toMatchObject({ kind: 'backup_failed', severity: 'critical', trigger: null, clear: null });
  });
});
