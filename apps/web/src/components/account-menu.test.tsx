import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { AccountMenu } from './account-menu';

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

describe('AccountMenu', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
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
});
