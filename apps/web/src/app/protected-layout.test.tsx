import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useEffect, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { toast } from '@/lib/toast';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { api, ApiError } from '@/lib/api-client';
import { vmsQuery } from '@/lib/fleet-reads';
import { queryClient } from '@/lib/query-client';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { ProtectedLayout } from './protected-layout';

/** A protected page that asks the API once, like the licences page does on mount. */
function CallsApi({ path }: { path: string }) {
  const [outcome, setOutcome] = useState('pending');
  useEffect(() => {
    api(path).then(
      () => setOutcome('ok'),
      (err: unknown) => setOutcome(err instanceof ApiError ? `error ${err.status}` : 'error'),
    );
  }, [path]);
  return <p data-testid="outcome">{outcome}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/licenses', element: <CallsApi path="/admin/licenses/org" /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/other', element: <Link to="/public">leave</Link> },
        ],
      },
      { path: '/public', element: <CallsApi path="/newsletter/subscribe" /> },
      { path: '/auth', element: <p>auth page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider>
      <Suspense fallback="…">
        <RouterProvider router={router} />
      </Suspense>
    </ThemeProvider>,
  );
  return router;
}

function signIn() {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user' }));
}

const answer = (status: number) => vi.fn(async () => new Response(JSON.stringify({ detail: 'x' }), { status }));

describe('ProtectedLayout', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['dashboard', 'account']);
  });
  afterAll(async () => {
    await i18n.changeLanguage('fr');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the dashboard keeps its behaviour: a 401 clears the session and goes to /auth, without a load-error message', async () => {
    signIn();
    const toasts = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', answer(401));
    const router = renderAt('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(toasts).not.toHaveBeenCalled();
    toasts.mockRestore();
  });

  it('a 401 on a protected page other than the dashboard clears the session and goes to /auth', async () => {
    signIn();
    vi.stubGlobal('fetch', answer(401));
    const router = renderAt('/licenses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('auth page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // Replaced, not pushed: Back does not return to the dead page.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('other errors leave the user on the page with the session kept', async () => {
    signIn();
    vi.stubGlobal('fetch', answer(403));
    const router = renderAt('/licenses');
    expect(await screen.findByText('error 403')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/licenses');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t'.repeat(43));
  });

  it('is removed once the user leaves the protected routes', async () => {
    signIn();
    vi.stubGlobal('fetch', answer(401));
    const router = renderAt('/other');
    await userEvent.click(screen.getByText('leave'));
    expect(await screen.findByText('error 401')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/public');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t'.repeat(43));
  });

  it("forgets the signed-in screens' server data when the user leaves them", async () => {
    signIn();
    vi.stubGlobal('fetch', answer(401));
    // The guests' key (lib/fleet-reads.ts), with a partial answer: the key without its answer's type.
    const guestsKey = [...vmsQuery.queryKey];
    queryClient.setQueryData(guestsKey, [{ id: 'a' }]);
    renderAt('/other');
    expect(queryClient.getQueryData(guestsKey)).toEqual([{ id: 'a' }]);
    await userEvent.click(screen.getByText('leave'));
    await screen.findByText('error 401');
    expect(queryClient.getQueryData(guestsKey)).toBeUndefined();
  });
});
