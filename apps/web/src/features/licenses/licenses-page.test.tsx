import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS, planFeatureMap, type Licence, type PlanType } from '@proxai/contract';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { LicensesPage } from './licenses-page';

const ORG = '11111111-1111-4111-8111-111111111111';
let seq = 0;
function licence(plan: PlanType, overrides: Partial<Licence> = {}): Licence {
  seq += 1;
  return {
    id: `aaaaaaaa-bbbb-4ccc-8ddd-${String(seq).padStart(12, '0')}`,
    organisation_id: ORG,
    plan_type: plan,
    is_active: true,
    issued_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    features: planFeatureMap(plan),
    limits: PLANS[plan].limits,
    signature: 'c2lnbmF0dXJl',
    revoked_at: null,
    revoked_by: null,
    revoke_reason: null,
    status_at: new Date().toISOString(),
    status_signature: 'c3RhdHVz',
    ...overrides,
  };
}

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let handler: Handler;
const calls: { url: string; method: string; body: unknown }[] = [];

function signIn(role: 'admin' | 'user', organisationId: string | null = ORG) {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'u@example.test', name: 'Ada', role, organisation_id: organisationId }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Suspense fallback="…">
            <LicensesPage />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['licenses', 'common', 'account']);
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const { status, body } = await handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LicensesPage', () => {
  it('shows the loading text, then the empty state when the list fails (errors only logged)', async () => {
    signIn('user');
    let fail!: () => void;
    handler = () =>
      new Promise((resolve) => {
        fail = () => resolve({ status: 500, body: { detail: 'boom', code: 'internal' } });
      });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement des licences...');
    act(() => fail());
    expect(await screen.findByText('Aucune licence')).toBeInTheDocument();
    expect(screen.getByText("Aucune licence active n'existe encore pour cette organisation.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    expect(calls[0]?.url).toBe(`/api/admin/licenses/${ORG}`);
  });

  it('renders cards for a normal user without generate or revoke buttons', async () => {
    signIn('user');
    const soon = licence('pro', { expires_at: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    const expired = licence('enterprise', { is_active: true, expires_at: new Date(Date.now() - 86_400_000).toISOString() });
    handler = () => ({ status: 200, body: [soon, expired] });
    renderPage();
    const cards = await screen.findAllByTestId('licence-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent(`${soon.id.slice(0, 16)}…`);
    expect(within(first).getByTestId('licence-status')).toHaveTextContent('Active');
    expect(within(first).getByTestId('licence-expiry')).toHaveAttribute('data-tone', 'soon');
    expect(within(first).getByTestId('licence-features').querySelectorAll('li')).toHaveLength(5);
    expect(within(first).getByText('nightly automation')).toBeInTheDocument();
    expect(within(first).getByTestId('licence-limits')).toHaveTextContent('Hôtes10');
    expect(within(first).getByTestId('licence-limits')).toHaveTextContent('VMs∞');
    // Expired although the server still said active when it answered: Inactive, date in red.
    expect(within(second).getByTestId('licence-status')).toHaveTextContent('Inactive');
    expect(within(second).getByTestId('licence-expiry')).toHaveAttribute('data-tone', 'expired');
    expect(screen.queryByTestId('open-generate-licence')).toBeNull();
    expect(screen.queryByTestId('licence-revoke')).toBeNull();
    expect(screen.getAllByTestId('licence-download')).toHaveLength(2);
  });

  it('lets an admin generate a licence, added at the top of the list', async () => {
    signIn('admin');
    const old = licence('free');
    const created = licence('pro');
    handler = (url, init) => {
      if (url === '/api/admin/organisations') return { status: 200, body: [{ id: ORG, name: 'Acme', member_count: 2 }] };
      if (init.method === 'POST') return { status: 201, body: created };
      return { status: 200, body: [old] };
    };
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('licence-card');
    await user.click(screen.getByRole('button', { name: 'Générer une Licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Générer une Licence' });
    expect(within(dialog).getByText('365 jours = 1 an')).toBeInTheDocument();
    const duration = within(dialog).getByLabelText('Durée (jours)');
    expect(duration).toHaveValue(365);
    await user.clear(duration);
    await user.type(duration, '3651');
    await user.click(within(dialog).getByRole('button', { name: 'Générer' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(duration);
    await user.type(duration, '30');
    await user.selectOptions(within(dialog).getByLabelText('Type de plan'), 'pro');
    await user.click(within(dialog).getByRole('button', { name: 'Générer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ organisation_id: ORG, plan_type: 'pro', duration_days: 30 });
    const ids = screen.getAllByTestId('licence-card').map((c) => c.getAttribute('data-licence-id'));
    expect(ids).toEqual([created.id, old.id]);
  });

  it('revokes only after the confirmation and a non-empty reason, then reloads', async () => {
    signIn('admin');
    const active = licence('essential');
    let revoked = false;
    handler = (url, init) => {
      if (url === '/api/admin/organisations') return { status: 200, body: [] };
      if (init.method === 'POST') {
        revoked = true;
        return { status: 200, body: { ...active, is_active: false } };
      }
      return { status: 200, body: [revoked ? { ...active, is_active: false, revoked_at: new Date().toISOString() } : active] };
    };
    const confirm = vi.spyOn(window, 'confirm');
    const prompt = vi.spyOn(window, 'prompt');
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByTestId('licence-revoke');

    confirm.mockReturnValueOnce(false);
    await user.click(button);
    expect(confirm).toHaveBeenCalledWith('Êtes-vous sûr de vouloir révoquer cette licence?');
    expect(prompt).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    prompt.mockReturnValueOnce(null);
    await user.click(button);
    prompt.mockReturnValueOnce('   ');
    await user.click(button);
    expect(prompt).toHaveBeenCalledWith('Raison de la révocation:');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    prompt.mockReturnValueOnce('Contrat terminé');
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('licence-status')).toHaveTextContent('Inactive'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/admin/licenses/${active.id}/revoke`,
      body: { reason: 'Contrat terminé' },
    });
    expect(screen.queryByTestId('licence-revoke')).toBeNull();
  });

  it('lets an admin without an organisation pick one', async () => {
    signIn('admin', null);
    const l = licence('free');
    handler = (url) => {
      if (url === '/api/admin/organisations') return { status: 200, body: [{ id: ORG, name: 'Acme', member_count: 3 }] };
      return { status: 200, body: [l] };
    };
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('licences-no-organisation')).toBeInTheDocument();
    const picker = screen.getByLabelText('Organisation');
    await waitFor(() => expect(picker).toBeEnabled());
    await user.selectOptions(picker, ORG);
    expect(await screen.findByTestId('licence-card')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/admin/licenses/${ORG}`)).toBe(true);
  });
});
