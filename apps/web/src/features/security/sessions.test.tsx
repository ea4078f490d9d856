import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { json } from '@/testing/stub-api';
import { SecurityPage } from './security-page';
import { buildSession, SAFARI_IPHONE } from './testing/build-security';
import { renderAt, setUpSecurityTests, stubSecurity } from './testing/security-api';

const PHONE = buildSession({
  id: '00000000-0000-4000-8000-0000000000b2',
  ip: '198.51.100.20',
  user_agent: SAFARI_IPHONE,
  current: false,
  last_seen_at: '2026-01-12T11:00:00.000Z',
});

const section = () => screen.findByRole('region', { name: 'Active sessions' });
const render = () => renderAt('/settings/security', '/settings/security', <SecurityPage />);

describe('SecurityPage: active sessions', { timeout: 20_000 }, () => {
  setUpSecurityTests();

  it('lists the sessions, this device first, and signs another one out', async () => {
    let sessions = [PHONE, buildSession()];
    const calls = stubSecurity({
      'GET /api/auth/sessions': () => json(sessions),
      [`DELETE /api/auth/sessions/${PHONE.id}`]: () => {
        sessions = sessions.filter((s) => s.id !== PHONE.id);
        return json({ message: 'Signed out' });
      },
    });
    render();
    const rows = await within(await section()).findAllByTestId('session-row');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual(['Chrome on LinuxThis device', 'Safari on iOS']);
    expect(rows[1]).toHaveTextContent('198.51.100.20');
    // This device is signed out with "Sign out everywhere" or the account menu, not from the list.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `/api/auth/sessions/${PHONE.id}`)).toBe(true);
  });

  it('signs out everywhere after a confirmation, then leaves for /auth', async () => {
    const calls = stubSecurity({ 'POST /api/auth/logout-all': () => json({ revoked: 2 }) });
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/auth');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout-all')).toBe(true);
  });

  it('stays signed in here when signing out everywhere fails', async () => {
    stubSecurity({ 'POST /api/auth/logout-all': () => json({ detail: 'The database is busy', code: 'internal' }, 503) });
    render();
    await userEvent.click(await within(await section()).findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByTestId('sessions-logout-all-error')).toHaveTextContent('The database is busy');
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });
});
