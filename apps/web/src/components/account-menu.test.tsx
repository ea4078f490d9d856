import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { AccountMenu } from './account-menu';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderMenu() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <AccountMenu /> },
      { path: '/auth', element: <p>auth page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
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
});
