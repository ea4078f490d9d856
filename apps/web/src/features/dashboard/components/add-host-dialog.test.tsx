import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { AddHostDialog } from './add-host-dialog';
import { buildHost } from '@/testing/build-host';

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddHostDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

const HOST = buildHost({ name: 'pve' });

describe('AddHostDialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('dashboard');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("has the defaults 'pve' and 'root@pam' and refuses to send an incomplete form", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(await screen.findByLabelText('Node')).toHaveValue('pve');
    expect(screen.getByLabelText('User')).toHaveValue('root@pam');
    await userEvent.type(screen.getByLabelText('URL'), 'not a url');
    await userEvent.click(screen.getByTestId('add-host-submit'));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter a valid URL/)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the API token fields with the token method, and closes on success', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(HOST), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { onOpenChange } = renderDialog();
    await userEvent.type(await screen.findByLabelText('Name'), 'Lab');
    await userEvent.type(screen.getByLabelText('URL'), 'https://pve.lan:8006');
    await userEvent.selectOptions(screen.getByLabelText('Authentication method'), 'token');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Token name'), 'portal');
    await userEvent.type(screen.getByLabelText('Token value'), 'abc-123');
    await userEvent.click(screen.getByTestId('add-host-submit'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/hosts');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Lab',
      pve_url: 'https://pve.lan:8006',
      pve_node: 'pve',
      user: 'root@pam',
      auth_type: 'token',
      token_name: 'portal',
      token_value: 'abc-123',
    });
  });

  it('adds a Proxmox Backup Server: no node, port 8007 suggested, a token id pasted whole split into user and name', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(HOST), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { onOpenChange } = renderDialog();
    await userEvent.click(await screen.findByTestId('host-type-pbs'));
    expect(screen.getByRole('dialog', { name: 'Add a Proxmox Backup Server' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Node')).not.toBeInTheDocument();
    expect(screen.getByLabelText('URL')).toHaveAttribute('placeholder', 'https://pbs.example.com:8007');
    await userEvent.type(screen.getByLabelText('Name'), 'Backups');
    await userEvent.type(screen.getByLabelText('URL'), 'https://pbs.lan:8007');
    await userEvent.selectOptions(screen.getByLabelText('Authentication method'), 'token');
    expect(screen.getByText(/user@realm!name/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Token name'), 'backup@pbs!portal');
    await userEvent.type(screen.getByLabelText('Token value'), 'secret-1');
    await userEvent.click(screen.getByTestId('add-host-submit'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      type: 'pbs',
      name: 'Backups',
      pve_url: 'https://pbs.lan:8007',
      user: 'backup@pbs',
      auth_type: 'token',
      token_name: 'portal',
      token_value: 'secret-1',
    });
  });

  it("shows the server's detail when the host refuses", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Connection refused by https://pve.lan:8006', code: 'host_unreachable' }), {
            status: 502,
          }),
      ),
    );
    const { onOpenChange } = renderDialog();
    await userEvent.type(await screen.findByLabelText('Name'), 'Lab');
    await userEvent.type(screen.getByLabelText('URL'), 'https://pve.lan:8006');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByTestId('add-host-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection refused by https://pve.lan:8006');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
