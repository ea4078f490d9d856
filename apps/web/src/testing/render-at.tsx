import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/lib/theme';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';

/** A page test file's setup: `namespaces` in English (with account and common), a member of `orgRole` signed in before each test. */
export function setUpPageTests(namespaces: readonly string[], orgRole = 'owner'): void {
  inEnglish([...namespaces, 'account', 'common']);
  beforeEach(() => signIn(orgRole));
}

/** A stored session of Ada, a member of her organisation with `orgRole`. */
export function signIn(orgRole: string): void {
  localStorage.setItem(STORAGE_KEYS.token, 't'.repeat(43));
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: '1', email: 'ada@example.org', name: 'Ada', role: 'user', organisation_id: 'o', org_role: orgRole }),
  );
}

/** `ui` at `path` (matched by `route`) with the theme, a fresh query cache and a router; other paths say where they are. */
export function renderAt(path: string, route: string, ui: ReactNode) {
  return renderWithQuery(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

function Where() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}
