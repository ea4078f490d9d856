import type { MetricsCollection, MetricsOverview } from '@proxai/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { FleetOverview } from './components/fleet-overview';
import { HostPage } from './host-page';
import { buildGuestSeries, buildHostFacts, buildVm, GUEST_ID, HOST_ID } from './testing/build-metrics';

// jsdom has no canvas: a stand-in for uPlot (guest-page.test.tsx checks what the charts are given).
vi.mock('uplot', () => ({
  default: class {
    destroy() {}
    setData() {}
    setSize() {}
    setCursor() {}
    valToPos() {
      return 0;
    }
  },
}));

const NODE_SERIES = buildGuestSeries({
  series: { cpu: [5, 6, null, 7, 8], loadavg: [0.5, 0.7, null, 1.25, 1], pressure_io_some: [0, 0.5, null, 2, 1] },
  units: { cpu: 'percent', loadavg: 'load', pressure_io_some: 'percent' },
  memory_source: undefined,
});

function collection(backfill: MetricsCollection['hosts'][number]['backfill']): MetricsCollection {
  return {
    hosts: [
      {
        host_id: HOST_ID,
        name: 'Lab node',
        agent_budget_per_minute: 20,
        agent_reads_last_minute: 7,
        vms_with_agent: 3,
        vms_without_agent: 2,
        vms_agent_not_running: 1,
        vms_unknown: 0,
        full_cycle_minutes: 1,
        backfill,
      },
    ],
  };
}

function stub(routes: Record<string, (url: URL, call: ApiCall) => Response> = {}): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () => json([buildHostFacts()]),
    'GET /api/vms': () => json([buildVm(), buildVm({ id: '00000000-0000-4000-8000-0000000000b2', name: 'db-01', vmid: 102 })]),
    [`GET /api/metrics/node/${HOST_ID}`]: () => json(NODE_SERIES),
    'GET /api/metrics/collection': () =>
      json(collection({ state: 'done', done: 9, total: 9, error: null, started_at: null, finished_at: '2026-01-12T10:00:00Z' })),
    ...routes,
  });
}

function renderAt(path: string) {
  renderWithQuery(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hosts/:id" element={<HostPage />} />
          <Route path="/dashboard" element={<FleetOverview />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('HostPage', { timeout: 20_000 }, () => {
  inEnglish(['monitoring', 'account', 'common']);
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43)));

  it("shows the host, its node's charts (load, PSI), its collection and links to its guests", async () => {
    stub();
    renderAt(`/hosts/${HOST_ID}`);
    expect(await screen.findByRole('heading', { name: 'Lab node' })).toBeInTheDocument();
    expect(screen.getByTestId('host-facts')).toHaveTextContent('9.0.3');
    await waitFor(() =>
      expect(screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'))).toEqual([
        'CPU',
        'Load average',
        'Pressure (PSI)',
      ]),
    );
    const facts = await screen.findByTestId('collection-facts');
    expect(facts).toHaveTextContent('7 in the last minute (budget 20 per minute)');
    expect(facts).toHaveTextContent('VMs with a guest agent3');
    expect(within(screen.getByTestId('host-guests')).getByRole('link', { name: 'db-01' })).toHaveAttribute(
      'href',
      '/vms/00000000-0000-4000-8000-0000000000b2',
    );
    expect(screen.getByRole('link', { name: 'web-01' })).toHaveAttribute('href', `/vms/${GUEST_ID}`);
  });

  it('with no history yet, says how far the backfill from Proxmox is', async () => {
    const empty = { ...NODE_SERIES, series: { cpu: [null, null, null, null, null] } };
    stub({
      [`GET /api/metrics/node/${HOST_ID}`]: () => json(empty),
      'GET /api/metrics/collection': () =>
        json(
          collection({ state: 'running', done: 3, total: 9, error: null, started_at: '2026-01-12T11:00:00Z', finished_at: null }),
        ),
    });
    renderAt(`/hosts/${HOST_ID}`);
    expect(await screen.findByTestId('metrics-empty')).toHaveTextContent('No history yet');
    expect(await screen.findByTestId('backfill-state')).toHaveTextContent('Reading the past history from Proxmox: 3 of 9 done.');
  });

  it('a failed backfill is said, not left "collecting" forever', async () => {
    stub({
      [`GET /api/metrics/node/${HOST_ID}`]: () => json({ ...NODE_SERIES, series: {} }),
      'GET /api/metrics/collection': () =>
        json(
          collection({
            state: 'failed',
            done: 0,
            total: 9,
            error: 'rrddata: 403 Permission check failed',
            started_at: null,
            finished_at: null,
          }),
        ),
    });
    renderAt(`/hosts/${HOST_ID}`);
    expect(await screen.findByTestId('backfill-state')).toHaveTextContent(
      'The past history could not be read from Proxmox: rrddata: 403 Permission check failed',
    );
  });
});

describe('FleetOverview', { timeout: 20_000 }, () => {
  inEnglish(['monitoring', 'common']);
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43)));

  const guest = (name: string, cpu: number, mem: number, source: 'guest_agent' | 'host' = 'guest_agent') => ({
    guest_id: `00000000-0000-4000-8000-0000000001${name.length}${cpu}`.slice(0, 36),
    host_id: HOST_ID,
    vmid: 100 + cpu,
    name,
    type: 'qemu' as const,
    cpu_percent: cpu,
    mem_bytes: mem,
    maxmem_bytes: 8 * 2 ** 30,
    memory_source: source,
  });

  it('lists the top consumers and the storages that will be full within 30 days', async () => {
    const overview: MetricsOverview = {
      generated_at: '2026-01-12T12:00:00.000Z',
      top_cpu: [guest('web-01', 93, 2 ** 30), guest('db-01', 41, 6 * 2 ** 30, 'host')],
      top_memory: [guest('db-01', 41, 6 * 2 ** 30, 'host'), guest('web-01', 93, 2 ** 30)],
      horizon_days: 30,
      filling_storages: [
        {
          storage_id: '00000000-0000-4000-8000-0000000000d1',
          host_id: HOST_ID,
          node: 'pve1',
          name: 'local-zfs',
          used_bytes: 900 * 2 ** 30,
          total_bytes: 1024 * 2 ** 30,
          growth_bytes_per_day: 10 * 2 ** 30,
          days_until_full: 12.4,
        },
      ],
    };
    stubApi({ 'GET /api/metrics/overview': () => json(overview) });
    renderAt('/dashboard');
    const cpu = await screen.findByTestId('overview-cpu');
    expect(
      within(cpu)
        .getAllByTestId('overview-guest')
        .map((li) => li.textContent),
    ).toEqual(['web-0193 %', 'db-0141 %']);
    // A memory figure that is not the guest agent's is marked, and the note says why.
    expect(within(screen.getByTestId('overview-memory')).getAllByTestId('overview-guest')[0]).toHaveTextContent('6 GiB *');
    expect(screen.getByText(/may count the page cache as used/)).toBeInTheDocument();
    const storage = screen.getByTestId('overview-storage');
    expect(storage).toHaveTextContent('local-zfs (pve1)');
    expect(storage).toHaveTextContent('full in about 13 d');
    expect(storage).toHaveTextContent('900 GiB / 1 TiB · +10 GiB/d');
    expect(within(storage).getByRole('link')).toHaveAttribute('href', `/hosts/${HOST_ID}`);
  });

  it('says when no storage is filling', async () => {
    stubApi({
      'GET /api/metrics/overview': () =>
        json({ generated_at: '2026-01-12T12:00:00.000Z', top_cpu: [], top_memory: [], horizon_days: 30, filling_storages: [] }),
    });
    renderAt('/dashboard');
    expect(await screen.findByTestId('overview-no-storage')).toHaveTextContent(
      'No storage will be full within 30 days at its current pace.',
    );
  });
});
