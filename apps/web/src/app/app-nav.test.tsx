import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '@/testing/english-strings';
import { renderWithQuery } from '@/testing/render-with-query';
import { json, stubApi } from '@/testing/stub-api';
import { AppNav, withAppNav } from './app-nav';
import { routes } from './router';

describe('AppNav', () => {
  inEnglish(['common', 'alerts']);

  it('links every signed-in section and marks the current one, sub-pages included', () => {
    renderWithQuery(
      <MemoryRouter initialEntries={['/restore-tests/00000000-0000-4000-8000-0000000000c1']}>
        <AppNav />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Backups', '/backups'],
      ['Restore tests', '/restore-tests'],
      ['Automation', '/automation'],
      ['Alerts', '/alerts'],
      ['Licences', '/licenses'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Restore tests' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Backups' })).not.toHaveAttribute('aria-current');
  });

  it('ends the bar with the alerts bell and its count, loaded once the browser is idle, after the links in tab order', async () => {
    stubApi({ 'GET /api/alerts/count': () => json({ active_unacknowledged: 3, active: 4, worst_severity: 'warning' }) });
    renderWithQuery(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppNav />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('alerts-bell')).not.toBeInTheDocument();
    const bell = await screen.findByRole('link', { name: 'Alerts: 3 active and not acknowledged' }, { timeout: 5000 });
    expect(bell).toHaveAttribute('data-testid', 'alerts-bell');
    expect(bell).toHaveAttribute('href', '/alerts');
    const nav = screen.getByTestId('app-nav');
    expect(nav).toContainElement(bell);
    expect(within(nav).getByRole('list')).not.toContainElement(bell);
    const links = within(nav).getAllByRole('link');
    expect(links.at(-1)).toBe(bell);
    for (let i = 0; i < links.length; i += 1) await userEvent.tab();
    expect(bell).toHaveFocus();
  });

  it('puts a page under the navigation', () => {
    const Page = withAppNav(() => <main>the page</main>);
    renderWithQuery(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('app-nav').nextElementSibling).toHaveTextContent('the page');
  });

  it('has a route for each section and page of the backups feature', () => {
    const paths = routes[0]!.children!.flatMap((r) => (r.path ? [r.path] : (r.children ?? []).map((c) => c.path)));
    expect(paths).toEqual(expect.arrayContaining(['/backups', '/restore-tests', '/restore-tests/:id', '/hosts/:id', '/vms/:id']));
  });
});
