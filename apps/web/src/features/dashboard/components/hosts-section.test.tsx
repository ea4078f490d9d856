import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Host, Vm } from '@proxai/contract';
import { FLEET_KEY } from '@/lib/fleet-reads';
import { i18n, i18nReady } from '@/lib/i18n';
import { dashboardPermissions } from '../org-role';
import { HostToolsContext, type HostToolsSlotProps } from './host-card';
import { HostsSection } from './hosts-section';
import { buildHost } from '@/testing/build-host';

const HOST = buildHost();

function renderAs(orgRole: string | undefined, hosts: Host[] = [HOST], tools: ComponentType<HostToolsSlotProps> | null = null) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HostToolsContext value={tools}>
          <HostsSection hosts={hosts} vms={[] as Vm[]} isLoading={false} permissions={dashboardPermissions(orgRole)} />
        </HostToolsContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** Stands in for the tools src/app provides (features/hosts): says what the card gave it. */
function FakeTools({ host, canManage, onChanged }: HostToolsSlotProps) {
  return (
    <button type="button" onClick={onChanged} data-testid="fake-tools">
      {`${host.name} ${canManage ? 'manage' : 'view'}`}
    </button>
  );
}

describe('HostsSection and the member role', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('dashboard');
  });

  it('readonly: no add, sync or delete, and a read-only hint', () => {
    renderAs('readonly');
    const card = screen.getByTestId('host-card');
    expect(within(card).getByText('pve-lab')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add host/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sync/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    expect(screen.getByTestId('readonly-hint')).toHaveTextContent('Your role is read-only');
  });

  it('readonly with no host: the empty state offers no add button and says who can add one', () => {
    renderAs('readonly', []);
    const empty = screen.getByTestId('hosts-empty');
    expect(within(empty).queryByRole('button')).not.toBeInTheDocument();
    expect(empty).toHaveTextContent('An administrator of your organisation can connect the first Proxmox VE host.');
  });

  it('operator: sync but no add or delete, and no read-only hint', () => {
    renderAs('operator');
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /add host/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('readonly-hint')).not.toBeInTheDocument();
  });

  it.each(['owner', 'admin'])('%s: add, sync and delete', (role) => {
    renderAs(role);
    expect(screen.getByTestId('add-host-button')).toHaveTextContent('Add host');
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByTestId('readonly-hint')).not.toBeInTheDocument();
  });

  it('owner with no host: the empty state offers to add one', () => {
    renderAs('owner', []);
    const empty = screen.getByTestId('hosts-empty');
    expect(within(empty).getByRole('button', { name: 'Add host' })).toBeEnabled();
    expect(empty).toHaveTextContent('Connect your first Proxmox VE host');
  });

  it('readonly: the card still shows the tools provided from outside, not as a manager', () => {
    renderAs('readonly', [HOST], FakeTools);
    expect(within(screen.getByTestId('host-card')).getByTestId('fake-tools')).toHaveTextContent('pve-lab view');
  });

  it('admin: the tools may manage, and a change they report reloads the dashboard', async () => {
    const client = renderAs('admin', [HOST], FakeTools);
    expect(screen.getByTestId('fake-tools')).toHaveTextContent('pve-lab manage');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await userEvent.click(screen.getByTestId('fake-tools'));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] }));
    // The hosts and guests are the fleet's shared reads (lib/fleet-reads.ts): they are read again too.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: FLEET_KEY });
  });
});
