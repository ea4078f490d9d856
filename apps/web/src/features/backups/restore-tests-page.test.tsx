import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { RestoreTestsPage } from './restore-tests-page';
import {
  buildBackup,
  buildGuest,
  buildRestoreTest,
  buildStorageRead,
  buildSummaryItem,
  GUEST_1,
  GUEST_2,
  HOST_A,
  TEST_1,
} from './testing/build-backups';
import { renderAt, setUpBackupTests, signIn } from './testing/render';

const GUESTS = [buildGuest(), buildGuest({ id: GUEST_2, vmid: 101, name: 'db-01' })];
const NEW_TEST = '00000000-0000-4000-8000-0000000000c9';

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () => json([{ id: HOST_A, name: 'pve-a', type: 'pve' }]),
    'GET /api/vms': () => json(GUESTS),
    'GET /api/restore-tests/summary': () =>
      json({
        items: [
          buildSummaryItem(),
          buildSummaryItem({
            guest_id: GUEST_2,
            name: 'db-01',
            vmid: 101,
            critical: true,
            last_status: 'failed',
            last_rto_seconds: null,
            rto_trend: [],
            next_scheduled_at: '2026-01-18T01:00:00.000Z',
          }),
        ],
      }),
    'GET /api/restore-tests': (url) =>
      json({
        items:
          url.searchParams.get('status') === 'skipped'
            ? []
            : [
                buildRestoreTest(),
                buildRestoreTest({
                  id: '00000000-0000-4000-8000-0000000000c2',
                  guest_id: GUEST_2,
                  guest_name: 'db-01',
                  vmid: 101,
                  status: 'failed',
                  rto_seconds: null,
                  reason: 'HTTP probe :80/ answered 502, expected 200',
                }),
              ],
        next_cursor: null,
      }),
    'GET /api/backups': () =>
      json({
        items: [buildBackup({ volid: 'local:backup/b2.vma.zst' })],
        next_cursor: null,
        readable_storages: [buildStorageRead()],
      }),
    ...routes,
  });
}

describe('RestoreTestsPage', { timeout: 20_000 }, () => {
  setUpBackupTests();

  it('shows per guest the last result, RTO, trend and next test, critical guests first, then the history', async () => {
    stub();
    renderAt('/restore-tests', '/restore-tests', <RestoreTestsPage />);
    const rows = await screen.findAllByTestId('summary-row');
    expect(rows[0]).toHaveTextContent('db-01');
    expect(within(rows[0]!).getByTestId('summary-critical')).toHaveTextContent('Critical');
    expect(within(rows[0]!).getByTestId('restore-test-status')).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('1 min 5 s');
    expect(within(rows[1]!).getByTestId('rto-sparkline')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Not scheduled');
    expect(within(rows[1]!).getByRole('link', { name: 'web-01' })).toHaveAttribute('href', `/vms/${GUEST_1}?tab=restore-tests`);

    const history = await screen.findAllByTestId('history-row');
    expect(history).toHaveLength(2);
    expect(history[1]).toHaveTextContent('HTTP probe :80/ answered 502, expected 200');
    expect(within(history[0]!).getByTestId('history-details')).toHaveAttribute('href', `/restore-tests/${TEST_1}`);
    await userEvent.selectOptions(screen.getByTestId('history-status'), 'skipped');
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No restore test has this result.');
  });

  it('runs a restore test of the chosen guest and backup with the probes given, then opens it', async () => {
    const calls = stub({ 'POST /api/restore-tests': () => json({ id: NEW_TEST, task_id: NEW_TEST }, 202) });
    renderAt('/restore-tests', '/restore-tests', <RestoreTestsPage />);
    await userEvent.click(await screen.findByTestId('run-test'));
    const dialog = await screen.findByRole('dialog', { name: 'Run a restore test' });
    await userEvent.click(within(dialog).getByTestId('run-test-submit'));
    expect(within(dialog).getByText('Choose the guest to test.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByTestId('run-test-guest'), GUEST_1);
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: /local/ })).toHaveLength(1));
    await userEvent.selectOptions(within(dialog).getByTestId('run-test-backup'), 'local:backup/b2.vma.zst');
    await userEvent.type(within(dialog).getByTestId('run-test-node'), 'pve2');
    await userEvent.click(within(dialog).getByTestId('probe-add'));
    const probes = within(dialog).getAllByTestId('probe');
    await userEvent.selectOptions(within(probes[1]!).getByTestId('probe-type'), 'http');
    await userEvent.clear(within(probes[1]!).getByTestId('probe-urlPath'));
    await userEvent.type(within(probes[1]!).getByTestId('probe-urlPath'), '/health');
    await userEvent.type(within(probes[1]!).getByTestId('probe-expectBody'), 'ok');
    await userEvent.click(within(dialog).getByTestId('run-test-submit'));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(`/restore-tests/${NEW_TEST}`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      guest_id: GUEST_1,
      backup: 'local:backup/b2.vma.zst',
      target_node: 'pve2',
      probes: [{ type: 'agent_ping' }, { type: 'http', url_path: '/health', port: 80, expect_status: 200, expect_body: 'ok' }],
    });
  });

  it('keeps a probe with a problem from being sent, and says what is wrong beside it', async () => {
    const calls = stub();
    renderAt('/restore-tests', '/restore-tests', <RestoreTestsPage />);
    await userEvent.click((await screen.findAllByTestId('summary-run'))[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Run a restore test of web-01' });
    await userEvent.click(within(dialog).getByTestId('probe-add'));
    const port = within(within(dialog).getAllByTestId('probe')[1]!).getByTestId('probe-port');
    await userEvent.clear(port);
    await userEvent.type(port, '70000');
    await userEvent.click(within(dialog).getByTestId('run-test-submit'));
    expect(port).toHaveAccessibleDescription('A port from 1 to 65535.');
    expect(
      within(dialog).getByText('Check the probes: each one’s problem is shown beside it.'.replace('’', "'")),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers no run button to a read-only member, and command probes only to admins', async () => {
    signIn('readonly');
    stub();
    renderAt('/restore-tests', '/restore-tests', <RestoreTestsPage />);
    await screen.findAllByTestId('summary-row');
    expect(screen.queryByTestId('run-test')).not.toBeInTheDocument();
    expect(screen.queryByTestId('summary-run')).not.toBeInTheDocument();
  });

  it('shows the plan-required state when restore tests are not in the plan', async () => {
    stub({ 'GET /api/restore-tests/summary': () => json({ detail: 'Pro', code: 'plan_required', plan: 'pro' }, 403) });
    renderAt('/restore-tests', '/restore-tests', <RestoreTestsPage />);
    expect(await screen.findByTestId('plan-required')).toHaveTextContent('Available from the Pro plan');
    expect(screen.queryByTestId('run-test')).not.toBeInTheDocument();
    expect(screen.queryByText('History')).not.toBeInTheDocument();
  });
});
