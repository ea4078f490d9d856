import type { AuthUser } from '@proxai/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { i18n, i18nReady } from '@/lib/i18n';
import { ThemeProvider } from '@/lib/theme';
import { renderWithQuery } from '@/testing/render-with-query';
import { json } from '@/testing/stub-api';

/**
 * A component test file's setup: the automation strings in English, the clock stopped at `now` (only Date: the
 * queries' and userEvent's timers stay real), and every stub undone after each test.
 */
export function setUpAutomationTests(now: string): void {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['automation', 'account', 'common']);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export const HOST_A = '00000000-0000-4000-8000-00000000000a';
export const HOST_B = '00000000-0000-4000-8000-00000000000b';

/** GET /api/auth/me: an owner whose profile is in `timezone`. */
export function me(timezone: string | null = 'Europe/Paris', orgRole: AuthUser['org_role'] = 'owner') {
  const user: AuthUser = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.org',
    name: 'Ada',
    role: 'user',
    organisation_id: '00000000-0000-4000-8000-000000000002',
    org_role: orgRole,
    timezone,
  };
  return () => json(user);
}

export function signIn(orgRole = 'owner'): void {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', role: 'user', organisation_id: 'o', org_role: orgRole }),
  );
}

/** `ui` with the theme, a fresh query cache (no retries) and a router. */
export function renderAutomation(ui: ReactNode, path = '/automation'): QueryClient {
  return renderWithQuery(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}
