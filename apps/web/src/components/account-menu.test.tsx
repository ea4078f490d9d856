import type { Me } from '@proxai/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { getStoredUser } from '@/lib/auth-storage';
import { i18n, i18nReady } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { json, stubApi } from '@/testing/stub-api';
import { AccountMenu } from './account-menu';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderMenu(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <AccountMenu /> },
      { path: '/settings/:page', element: <AccountMenu /> },
      { path: '/auth', element: <p>auth page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { client });
}

const ACME = '00000000-0000-4000-8000-00000000000a';
const GLOBEX = '00000000-0000-4000-8000-00000000000b';

/** Ada, signed in and acting in Acme as its owner. */
function storeMember() {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user', organisation_id: ACME, org_role: 'owner' }),
  );
}

function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'a@b.co',
    name: 'Ada',
    role: 'user',
    organisation_id: ACME,
    org_role: 'owner',
    timezone: 'Europe/Paris',
    organisations: [
      { organisation_id: ACME, name: 'Acme', role: 'owner' },
      { organisation_id: GLOBEX, name: 'Globex', role: 'readonly' },
    ],
    permissions: [],
    mfa_enabled: false,
    ...overrides,
  };
}

function storeAda() {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user', organisation_id: null }),
  );
}

describe('AccountMenu', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    // Unmounted first: the menu cancels its idle callback with the stubbed cancelIdleCallback.
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("shows the stored user's name, or 'User' without one", async () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada Lovelace', role: 'user', organisation_id: null }),
    );
    renderMenu();
    expect(await screen.findByTestId('account-name')).toHaveTextContent('Ada Lovelace');
  });

  it("falls back to 'User'", async () => {
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: '1', email: 'a@b.co', name: null, role: 'user', organisation_id: null }),
    );
    renderMenu();
    expect(await screen.findByTestId('account-name')).toHaveTextContent('User');
  });

  it('logs out: revokes on the server, clears the stored session, goes to /auth (even when the server fails)', async () => {
    for (const answer of [
      new Response('{"message":"Signed out"}', { status: 200 }),
      new Response('{"detail":"x"}', { status: 401 }),
    ]) {
      localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
      localStorage.setItem(
        STORAGE_KEYS.user,
        JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user', organisation_id: null }),
      );
      const fetchMock = vi.fn(async () => answer);
      vi.stubGlobal('fetch', fetchMock);
      const router = renderMenu();
      await userEvent.click(await screen.findByTestId('logout-button'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
      const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
      expect(headers.authorization).toBe(`Bearer ${'t'.repeat(43)}`);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
      router.dispose();
    }
  });

  it('sign out everywhere asks first: Escape and Cancel close the dialog, call nothing and give focus back', async () => {
    storeAda();
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderMenu();
    const button = await screen.findByTestId('logout-all-button');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('This ends every session of your account');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByTestId('logout-all-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t'.repeat(43));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sign out everywhere: calls logout-all with the bearer token, clears the stored session, goes to /auth (also on 401)', async () => {
    for (const [answer, toastKind, message] of [
      [
        new Response('{"message":"Signed out everywhere","revoked":3}', { status: 200 }),
        'success',
        'Signed out everywhere. Sessions ended: 3.',
      ],
      [
        new Response('{"detail":"x","code":"unauthenticated"}', { status: 401 }),
        'info',
        'Your session had already ended. Sign in again.',
      ],
    ] as const) {
      storeAda();
      const fetchMock = vi.fn(async () => answer);
      vi.stubGlobal('fetch', fetchMock);
      const router = renderMenu();
      await userEvent.click(await screen.findByTestId('logout-all-button'));
      await userEvent.click(await screen.findByTestId('logout-all-confirm'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/auth/logout-all');
      expect(init.method).toBe('POST');
      expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${'t'.repeat(43)}`);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
      expect(toast[toastKind]).toHaveBeenCalledWith(message);
      router.dispose();
    }
  });

  it('sign out everywhere: a server failure keeps this session so the person can try again', async () => {
    storeAda();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"boom","code":"internal"}', { status: 500 })),
    );
    const router = renderMenu();
    await userEvent.click(await screen.findByTestId('logout-all-button'));
    await userEvent.click(await screen.findByTestId('logout-all-confirm'));
    await waitFor(() => expect(screen.getByTestId('logout-all-confirm')).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Your other sessions could not be ended. Try again.');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t'.repeat(43));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  // The organisations are asked for once the browser is idle (lib/idle.ts): here, at once.
  function idleAtOnce() {
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  }

  it('links to the members and the security settings, and shows no switcher for a single organisation', async () => {
    storeMember();
    idleAtOnce();
    const calls = stubApi({ 'GET /api/auth/me': () => json(buildMe({ organisations: [buildMe().organisations[0]!] })) });
    const router = renderMenu();
    const members = await screen.findByRole('link', { name: 'Members' });
    expect(members).toHaveAttribute('href', '/settings/members');
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/settings/security');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('organisation-select')).toBeNull();
    await userEvent.click(members);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/members'));
    expect(await screen.findByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    router.dispose();
  });

  it('without an organisation: only the security link, and no question to the server', async () => {
    storeAda();
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderMenu();
    expect(await screen.findByRole('link', { name: 'Security' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Members' })).toBeNull();
    expect(screen.queryByTestId('organisation-select')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    router.dispose();
  });

  it('switches organisation: keeps the answered user, forgets every cached answer and opens the dashboard', async () => {
    storeMember();
    idleAtOnce();
    const switched = buildMe({ organisation_id: GLOBEX, org_role: 'readonly' });
    const calls = stubApi({
      'GET /api/auth/me': () => json(buildMe()),
      'POST /api/auth/switch-organisation': () => json(switched),
    });
    const router = renderMenu('/settings/security');
    router.client.setQueryData(['hosts'], ['a host of Acme']);
    const select = await screen.findByRole('combobox', { name: 'Organisation' });
    expect(select).toHaveDisplayValue('Acme');
    await userEvent.selectOptions(select, 'Globex');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/auth/switch-organisation');
    expect(post?.body).toEqual({ organisation_id: GLOBEX });
    expect(getStoredUser()).toEqual({
      id: switched.id,
      email: 'a@b.co',
      name: 'Ada',
      role: 'user',
      organisation_id: GLOBEX,
      org_role: 'readonly',
      timezone: 'Europe/Paris',
    });
    expect(router.client.getQueryData(['hosts'])).toBeUndefined();
    expect(toast.success).toHaveBeenCalledWith('You are now working in Globex.');
    expect(await screen.findByRole('combobox', { name: 'Organisation' })).toHaveDisplayValue('Globex');
    // The answer of the switch is the new `me`: nothing is asked again.
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    router.dispose();
  });

  it('a refused switch says so and changes nothing', async () => {
    storeMember();
    idleAtOnce();
    stubApi({
      'GET /api/auth/me': () => json(buildMe()),
      'POST /api/auth/switch-organisation': () => json({ detail: 'Not a member of this organisation', code: 'forbidden' }, 403),
    });
    const router = renderMenu('/settings/security');
    const select = await screen.findByRole('combobox', { name: 'Organisation' });
    await userEvent.selectOptions(select, 'Globex');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The organisation could not be changed. Try again.', {
        description: 'Not a member of this organisation',
      }),
    );
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveDisplayValue('Acme');
    expect(getStoredUser()?.organisation_id).toBe(ACME);
    expect(router.state.location.pathname).toBe('/settings/security');
    router.dispose();
  });
});
