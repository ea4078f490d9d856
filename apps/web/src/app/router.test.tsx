import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from './router';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/lib/theme';

const ORG = '11111111-1111-4111-8111-111111111111';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

describe('routes', () => {
  it('declares every route of SPEC.md §2', () => {
    const paths = routes[0]!.children!.flatMap((r) => (r.path ? [r.path] : (r.children ?? []).map((c) => c.path)));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/old-home',
        '/old-product',
        '/old-pricing',
        '/auth',
        '/product',
        '/pricing',
        '/marketplace',
        '/migration-vmware',
        '/technologies',
        '/install',
        '/about',
        '/blog',
        '/use-cases',
        '/why-proxai',
        '/contact',
        '/legal/:type',
        '/dashboard',
        '/licenses',
        '/automation',
        '/hosts/:id',
        '/vms/:id',
        '/alerts',
        '/settings/notifications',
        '/settings/metrics',
        '*',
      ]),
    );
  });

  it('redirects protected routes to /auth without a token', async () => {
    const router = renderAt('/dashboard');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 5000 });
  });

  it('lets protected routes through with a token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'x'.repeat(43));
    const router = renderAt('/licenses');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/licenses');
  });

  it.each(['/licenses', '/dashboard'])('a 401 on %s clears the stored session and goes to /auth', async (path) => {
    localStorage.setItem(STORAGE_KEYS.token, 'x'.repeat(43));
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: '1', email: 'a@b.co', name: 'Ada', role: 'user', organisation_id: ORG, org_role: 'owner' }),
    );
    const fetchMock = vi.fn(async () => new Response('{"detail":"Session expired"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const router = renderAt(path);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 5000 });
      expect(fetchMock).toHaveBeenCalled();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends unknown paths to /', async () => {
    const router = renderAt('/nope/at/all');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
