import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { buildHost } from '@/testing/build-host';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi } from '@/testing/stub-api';
import { HostScreen } from './host-screen';

const PBS_ID = '00000000-0000-4000-8000-0000000000b5';

describe('HostScreen', { timeout: 20_000 }, () => {
  inEnglish(['hosts', 'monitoring', 'account', 'common']);

  it("shows a Proxmox Backup Server's page for a host of type pbs", async () => {
    const calls = stubApi({
      'GET /api/hosts': () => json([buildHost({ id: PBS_ID, name: 'pbs-main', type: 'pbs', pbs: null })]),
      [`GET /api/hosts/${PBS_ID}/pbs`]: () =>
        json({
          host_id: PBS_ID,
          name: 'pbs-main',
          version: '3.3.2',
          read_at: '2026-01-12T10:00:00.000Z',
          datastores: [],
          jobs: [],
          tasks: [],
          unreadable: [],
        }),
    });
    renderWithQuery(
      <ThemeProvider>
        <MemoryRouter initialEntries={[`/hosts/${PBS_ID}`]}>
          <Routes>
            <Route path="/hosts/:id" element={<HostScreen />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'pbs-main' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('No datastore.')).toBeInTheDocument();
    // A PBS has no node metrics: the PVE page's reads are never made.
    expect(calls.map((c) => c.url.pathname).filter((p) => p.startsWith('/api/metrics'))).toEqual([]);
  });
});
