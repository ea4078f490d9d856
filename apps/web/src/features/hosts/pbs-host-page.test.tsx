import type { PbsDatastoreDetail, PbsHostDetail } from '@proxai/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi } from '@/testing/stub-api';
import { HostTools } from './components/host-tools';
import { PbsHostPage } from './pbs-host-page';
import { buildHost } from './testing/build-host';

const PBS_ID = '00000000-0000-4000-8000-0000000000b5';
const TiB = 1024 ** 4;

function store(overrides: Partial<PbsDatastoreDetail> = {}): PbsDatastoreDetail {
  return {
    name: 'store1',
    total: 4 * TiB,
    used: 3.4 * TiB,
    avail: 0.6 * TiB,
    forecast_full_at: '2026-02-20T00:00:00.000Z',
    error: null,
    gc: { last_run_at: '2026-01-11T03:00:00.000Z', state: 'OK', removed_bytes: 2 * 1024 ** 3, pending_bytes: 0, upid: null },
    snapshot_count: 1240,
    group_count: 42,
    failed_verifications: 2,
    unverified: 10,
    failed_snapshots: [{ backup_type: 'vm', backup_id: '100', backup_time: '2026-01-10T02:00:00Z' }],
    last_verify_at: '2026-01-11T04:00:00.000Z',
    ...overrides,
  };
}

const DETAIL: PbsHostDetail = {
  host_id: PBS_ID,
  name: 'pbs-main',
  version: '3.3.2',
  read_at: '2026-01-12T10:00:00.000Z',
  datastores: [
    store(),
    store({
      name: 'offsite',
      total: null,
      used: null,
      avail: null,
      forecast_full_at: null,
      error: 'datastore is in maintenance mode',
      gc: null,
      snapshot_count: null,
      group_count: null,
      failed_verifications: null,
      unverified: null,
      failed_snapshots: [],
      last_verify_at: null,
    }),
  ],
  jobs: [
    {
      type: 'verify',
      id: 'v-store1',
      store: 'store1',
      schedule: 'daily',
      enabled: true,
      last_run_at: '2026-01-11T04:00:00.000Z',
      last_state: 'TASK ERROR: verification failed on 2 snapshots',
      next_run_at: '2026-01-13T04:00:00.000Z',
      comment: null,
    },
    {
      type: 'prune',
      id: 'p-store1',
      store: 'store1',
      schedule: 'daily',
      enabled: true,
      last_run_at: '2026-01-11T05:00:00.000Z',
      last_state: 'OK',
      next_run_at: '2026-01-13T05:00:00.000Z',
      comment: null,
    },
  ],
  tasks: [
    {
      upid: 'UPID:pbs:1',
      type: 'verificationjob',
      worker_id: 'store1:v-store1',
      user: 'root@pam',
      started_at: '2026-01-11T04:00:00.000Z',
      ended_at: '2026-01-11T04:10:00.000Z',
      status: 'verification failed on 2 snapshots',
    },
  ],
  unreadable: ['sync'],
};

function renderPage() {
  renderWithQuery(
    <ThemeProvider>
      <MemoryRouter initialEntries={[`/hosts/${PBS_ID}`]}>
        <Routes>
          <Route path="/hosts/:id" element={<PbsHostPage />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('PbsHostPage', { timeout: 20_000 }, () => {
  inEnglish(['hosts', 'account', 'common']);

  it("shows the datastores' usage, forecast, GC, snapshots and failed verifications, the jobs and the failed tasks", async () => {
    stubApi({ [`GET /api/hosts/${PBS_ID}/pbs`]: () => json(DETAIL) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'pbs-main' })).toBeInTheDocument();
    expect(screen.getByText(/Proxmox Backup Server 3\.3\.2/)).toBeInTheDocument();
    expect(screen.getByTestId('pbs-unreadable')).toHaveTextContent('The token may not read: sync jobs.');
    const [first, second] = screen.getAllByTestId('pbs-datastore');
    expect(within(first!).getByRole('meter', { name: 'Usage of store1' })).toHaveAttribute('aria-valuenow', '85');
    expect(first).toHaveTextContent('3.4 TiB of 4 TiB (85 %)');
    expect(within(first!).getByTestId('datastore-forecast')).toHaveTextContent('Full around');
    expect(first).toHaveTextContent('Snapshots1,240');
    expect(first).toHaveTextContent('Failed verifications2');
    expect(within(first!).getByTestId('pbs-failed-snapshots')).toHaveTextContent('vm/100/2026-01-10T02:00:00Z');
    expect(second).toHaveTextContent('Usage unknown');
    expect(second).toHaveTextContent('datastore is in maintenance mode');
    const jobs = screen.getAllByTestId('pbs-job');
    expect(jobs[0]).toHaveTextContent('Verify');
    expect(within(jobs[0]!).getByTestId('pbs-job-state')).toHaveClass('text-red-700');
    expect(within(jobs[1]!).getByTestId('pbs-job-state')).toHaveTextContent('OK');
    expect(screen.getByTestId('pbs-task')).toHaveTextContent('verification failed on 2 snapshots');
  });

  it('says why when the PBS cannot be read', async () => {
    stubApi({
      [`GET /api/hosts/${PBS_ID}/pbs`]: () => json({ detail: 'The PBS did not answer in 10 s', code: 'host_timeout' }, 504),
    });
    renderPage();
    expect(await screen.findByTestId('pbs-error')).toHaveTextContent('The PBS did not answer in 10 s');
  });
});

describe('HostTools on a PBS card', () => {
  inEnglish(['hosts', 'account', 'common']);

  it('shows the version, the datastores as last polled and the failed tasks, and no PVE permissions', () => {
    const host = buildHost({
      id: PBS_ID,
      type: 'pbs',
      pve_version: '3.3.2',
      pbs: {
        datastores: [{ name: 'store1', total: 4 * TiB, used: 1 * TiB, avail: 3 * TiB, forecast_full_at: null, error: null }],
        failed_tasks_24h: 3,
        read_at: '2026-01-12T10:00:00.000Z',
      },
    });
    renderWithQuery(<HostTools host={host} canManage onChanged={() => undefined} />);
    const card = screen.getByTestId('pbs-card');
    expect(card).toHaveTextContent('Proxmox Backup Server · 3.3.2');
    expect(within(card).getByRole('meter', { name: 'Usage of store1' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(card).getByTestId('pbs-failed-tasks')).toHaveTextContent('Failed tasks in the last 24 hours: 3');
    expect(screen.queryByTestId('host-permissions-toggle')).not.toBeInTheDocument();
    expect(screen.getByTestId('host-edit')).toBeInTheDocument();
  });
});
