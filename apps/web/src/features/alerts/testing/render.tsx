import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';

/** A test file's setup: the alerts strings in English, a member of `orgRole` signed in. */
export function setUpAlertTests(orgRole = 'owner'): void {
  inEnglish(['alerts', 'account', 'common']);
  beforeEach(() => signIn(orgRole));
}

export function signIn(orgRole: string): void {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', role: 'user', organisation_id: 'o', org_role: orgRole }),
  );
}

/** `ui` at `path` with the theme, a fresh query cache and a router (other paths render their name). */
export function renderAt(path: string, route: string, ui: ReactNode) {
  return renderWithQuery(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}
