import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { toast } from '@/lib/toast';
import { ThemeProvider } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { MetricsSettingsPage } from './metrics-settings-page';
import { HOST_ID } from './testing/build-metrics';

function signIn(orgRole: string) {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', org_role: orgRole }));
}

const COLLECTION = {
  hosts: [
    {
      host_id: HOST_ID,
      name: 'Lab node',
      agent_budget_per_minute: 20,
      agent_reads_last_minute: 12,
      vms_with_agent: 40,
      vms_without_agent: 5,
      vms_agent_not_running: 2,
      vms_unknown: 0,
      full_cycle_minutes: 3,
      backfill: { state: 'running', done: 120, total: 500, error: null, started_at: null, finished_at: null },
    },
  ],
};

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/metrics/collection': () => json(COLLECTION),
    'GET /api/metrics/scrape-token': () => json({ exists: false, prefix: null, created_at: null }),
    ...routes,
  });
}

const render = () =>
  renderWithQuery(
    <ThemeProvider>
      <MemoryRouter>
        <MetricsSettingsPage />
      </MemoryRouter>
    </ThemeProvider>,
  );

describe('MetricsSettingsPage', { timeout: 20_000 }, () => {
  inEnglish(['monitoring', 'account', 'common']);
  beforeEach(() => signIn('owner'));

  it("reports each host's guest-agent budget, its reach and its backfill", async () => {
    stub();
    render();
    const row = await screen.findByTestId('collection-row');
    expect(within(row).getByRole('link', { name: 'Lab node' })).toHaveAttribute('href', `/hosts/${HOST_ID}`);
    expect(row).toHaveTextContent('12 in the last minute (budget 20 per minute)');
    expect(row).toHaveTextContent('3 min');
    expect(row).toHaveTextContent('120 of 500');
  });

  it('creates the scrape token and shows it once with a copy button; revokes it after confirming', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(toast, 'success');
    let exists = false;
    const calls = stub({
      'GET /api/metrics/scrape-token': () =>
        json(
          exists
            ? { exists: true, prefix: 'pxs_ab12', created_at: '2026-01-12T12:00:00.000Z' }
            : { exists: false, prefix: null, created_at: null },
        ),
      'POST /api/metrics/scrape-token': () => {
        exists = true;
        return json({ token: 'pxs_ab12secret', prefix: 'pxs_ab12', created_at: '2026-01-12T12:00:00.000Z' }, 201);
      },
      'DELETE /api/metrics/scrape-token': () => {
        exists = false;
        return json({ message: 'Scrape token revoked' });
      },
    });
    render();
    expect(await screen.findByTestId('scrape-token-state')).toHaveTextContent('No token yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create a token' }));
    expect(await screen.findByTestId('scrape-token-value')).toHaveTextContent('pxs_ab12secret');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('pxs_ab12secret');
    await waitFor(() =>
      expect(screen.getByTestId('scrape-token-state')).toHaveTextContent('A token starting with pxs_ab12 exists'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the scrape token?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Scrape token revoked'));
    expect(calls.map((c) => c.method)).toContain('DELETE');
    expect(screen.queryByTestId('scrape-token-value')).toBeNull();
  });

  it('members who may not manage the token see no button', async () => {
    signIn('operator');
    stub();
    render();
    await screen.findByTestId('scrape-token-state');
    expect(screen.queryByRole('button', { name: 'Create a token' })).toBeNull();
  });
});
