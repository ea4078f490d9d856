import type { AuthUser, Me } from '@proxai/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useMyTimeZone } from '@/features/automation/api/profile';
import { useDashboardData, useReloadDashboard } from '@/features/dashboard/api/dashboard-queries';
import { useHostGuests } from '@/features/monitoring/api/fleet';
import { startEarly } from '@/lib/api-client';
import { useHost, useHosts, useVm, useVms } from '@/lib/fleet-reads';
import { meQuery, useMe } from '@/lib/me';
import { buildHost } from '@/testing/build-host';
import { buildVm } from '@/testing/build-vm';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';

// The reads several features need (GET /hosts, GET /vms, GET /auth/me) live in src/lib, one cache key each: features
// shown together ask once, and what one of them changes or reloads, the others show.

const HOST = buildHost();
const GUEST_ID = '00000000-0000-4000-8000-000000000101';
const GUEST = buildVm({ id: GUEST_ID, host_id: HOST.id, node: HOST.pve_node, uptime: 60 });
const STATS = { hosts: 1, vms: 1, running_vms: 1, stopped_vms: 0 };

const USER: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.org',
  name: 'Ada',
  role: 'user',
  organisation_id: '00000000-0000-4000-8000-0000000000a1',
  org_role: 'owner',
  timezone: 'Europe/Paris',
};
const ME: Me = {
  ...USER,
  organisations: [
    { organisation_id: '00000000-0000-4000-8000-0000000000a1', name: 'Acme', role: 'owner' },
    { organisation_id: '00000000-0000-4000-8000-0000000000a2', name: 'Globex', role: 'readonly' },
  ],
  permissions: [],
  mfa_enabled: false,
};

const reads = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.url.pathname === path).length;

function stubFleet(): ApiCall[] {
  return stubApi({
    'GET /api/hosts': () => json([HOST]),
    'GET /api/vms': () => json([GUEST]),
    'GET /api/stats': () => json(STATS),
  });
}

/** The dashboard's lists (features/dashboard). */
function Dashboard() {
  const { hosts, vms } = useDashboardData();
  return <p data-testid="dashboard">{`${hosts.data?.length ?? '…'} hosts, ${vms.data?.length ?? '…'} guests`}</p>;
}

/** A host's page: the host (app/host-screen.tsx, features/monitoring) and its guests (features/monitoring). */
function HostPage() {
  const host = useHost(HOST.id);
  const guests = useHostGuests(HOST.id);
  return <p data-testid="host-page">{`${host.data?.name ?? '…'}: ${guests.data?.map((g) => g.name).join(', ') ?? '…'}`}</p>;
}

/** The backups' and automation's pickers (features/backups, features/automation), and a guest's page. */
function Pickers() {
  const hosts = useHosts();
  const guests = useVms();
  const guest = useVm(GUEST_ID);
  return (
    <p data-testid="pickers">{`${hosts.data?.length ?? '…'} hosts, ${guests.data?.length ?? '…'} guests, ${guest.data?.name ?? '…'}`}</p>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.__proxaiEarly = undefined;
});

describe('GET /hosts and GET /vms (lib/fleet-reads.ts)', () => {
  it('are read once for every feature that shows them', async () => {
    const calls = stubFleet();
    renderWithQuery(
      <>
        <Dashboard />
        <HostPage />
        <Pickers />
      </>,
    );
    expect(await screen.findByText('1 hosts, 1 guests')).toBeInTheDocument();
    expect(await screen.findByText('pve-lab: web-01')).toBeInTheDocument();
    expect(await screen.findByText('1 hosts, 1 guests, web-01')).toBeInTheDocument();
    expect(reads(calls, '/api/hosts')).toBe(1);
    expect(reads(calls, '/api/vms')).toBe(1);
  });

  it("take the answers the dashboard's route started before its script ran", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
    const calls = stubFleet();
    startEarly(['/vms', '/hosts']);
    expect(reads(calls, '/api/hosts')).toBe(1);
    renderWithQuery(
      <>
        <Dashboard />
        <Pickers />
      </>,
    );
    expect(await screen.findByText('1 hosts, 1 guests, web-01')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard')).toHaveTextContent('1 hosts, 1 guests');
    // The early requests were the only ones.
    expect(reads(calls, '/api/hosts')).toBe(1);
    expect(reads(calls, '/api/vms')).toBe(1);
  });

  it('a dashboard reload (a guest action, a host added, a fleet event) reads them again for every page', async () => {
    const calls = stubFleet();
    function ReloadButton() {
      const reload = useReloadDashboard();
      return (
        <button type="button" onClick={() => void reload()}>
          reload
        </button>
      );
    }
    renderWithQuery(
      <>
        <Pickers />
        <ReloadButton />
      </>,
    );
    expect(await screen.findByText('1 hosts, 1 guests, web-01')).toBeInTheDocument();
    expect(reads(calls, '/api/hosts')).toBe(1);
    // The pickers keep their lists a minute: only the reload reads them again.
    await userEvent.click(screen.getByRole('button', { name: 'reload' }));
    await waitFor(() => expect(reads(calls, '/api/hosts')).toBe(2));
    expect(reads(calls, '/api/vms')).toBe(2);
  });
});

describe('GET /auth/me (lib/me.ts)', () => {
  /** The account menu's and the API keys' read, and the automation's time zone (features/automation). */
  function Readers() {
    const me = useMe();
    const zone = useMyTimeZone();
    return (
      <>
        <p data-testid="me">{`${me.data?.timezone ?? '…'} in ${me.data?.organisations.length ?? '…'} organisations`}</p>
        <p data-testid="zone">{zone.timeZone}</p>
        <button type="button" onClick={() => zone.save('Asia/Tokyo')}>
          save
        </button>
      </>
    );
  }

  it('is read once, and a changed time zone shows everywhere, the organisations kept', async () => {
    const calls = stubApi({
      'GET /api/auth/me': () => json(ME),
      'PATCH /api/auth/me': () => json({ ...USER, timezone: 'Asia/Tokyo' }),
    });
    const client = renderWithQuery(<Readers />);
    expect(await screen.findByText('Europe/Paris in 2 organisations')).toBeInTheDocument();
    expect(screen.getByTestId('zone')).toHaveTextContent('Europe/Paris');
    expect(reads(calls, '/api/auth/me')).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Asia/Tokyo in 2 organisations')).toBeInTheDocument();
    expect(screen.getByTestId('zone')).toHaveTextContent('Asia/Tokyo');
    await waitFor(() => expect(client.isMutating()).toBe(0));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ timezone: 'Asia/Tokyo' }]);
    expect(client.getQueryData(meQuery.queryKey)).toEqual({ ...ME, timezone: 'Asia/Tokyo' });
    expect(reads(calls, '/api/auth/me')).toBe(1);
  });
});
