import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { DashboardPage } from './dashboard-page';
import { buildHost } from '@/testing/build-host';

const HOST = buildHost();

const ANSWERS: Record<string, unknown> = {
  '/api/hosts': [HOST],
  '/api/vms': [],
  '/api/stats': { hosts: 1, vms: 0, running_vms: 0, stopped_vms: 0 },
  '/api/proxai/advice?context=general': { advice: 'ok', items: [], source: 'rules' },
};

function signIn(orgRole: string) {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user', organisation_id: null, org_role: orgRole }),
  );
}

function renderDashboard(answers: Record<string, unknown> = {}) {
  const all = { ...ANSWERS, ...answers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify(all[url] ?? {}))),
  );
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
  render(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Suspense fallback="…">
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('DashboardPage', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['dashboard', 'account', 'common']);
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(async () => {
    await i18n.changeLanguage('fr');
  });

  it("a readonly member's stored org_role hides add, sync and delete and shows the read-only hint", async () => {
    signIn('readonly');
    renderDashboard();
    const card = await screen.findByTestId('host-card');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByTestId('add-host-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('readonly-hint')).toBeInTheDocument();
  });

  it('an owner gets every host action', async () => {
    signIn('owner');
    renderDashboard();
    const card = await screen.findByTestId('host-card');
    expect(within(card).getByRole('button', { name: 'Sync' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByTestId('add-host-button')).toBeInTheDocument();
  });

  it('the header has the FR/EN toggle and still the nine-language select', async () => {
    signIn('owner');
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Switch to French' })).toHaveTextContent('FR');
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option')).toHaveLength(9);
  });

  it('the stats answer over the plan shows the banner (guests stay visible, link to /pricing), in the same request', async () => {
    signIn('owner');
    renderDashboard({
      '/api/stats': {
        hosts: 1,
        vms: 7,
        running_vms: 7,
        stopped_vms: 0,
        plan_usage: { plan: 'free', max_hosts: 1, max_vms: 5, over_vms: true, over_hosts: false },
      },
    });
    const banner = await screen.findByRole('status', { name: "Over your plan's limits" });
    expect(banner).toHaveTextContent('more guests (VMs and containers) than its plan allows: 5 at most on the Free plan.');
    expect(banner).toHaveTextContent('Every guest stays visible and synced.');
    expect(within(banner).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
    // Above the host list.
    expect(
      banner.compareDocumentPosition(screen.getByRole('heading', { name: 'Hosts' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const urls = (vi.mocked(fetch).mock.calls as unknown as [string][]).map(([url]) => url);
    expect(urls.filter((u) => u === '/api/stats')).toHaveLength(1);
  });

  it('no banner within the plan', async () => {
    signIn('owner');
    renderDashboard({
      '/api/stats': {
        hosts: 1,
        vms: 3,
        running_vms: 3,
        stopped_vms: 0,
        plan_usage: { plan: 'free', max_hosts: 1, max_vms: 5, over_vms: false, over_hosts: false },
      },
    });
    expect(await screen.findByTestId('stat-vms-value')).toHaveTextContent('3');
    expect(screen.queryByTestId('plan-usage-banner')).toBeNull();
  });
});
