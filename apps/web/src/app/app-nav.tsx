import { Bell, CalendarClock, DatabaseBackup, FlaskConical, KeyRound, LayoutDashboard, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';
import { AlertsEntry } from '@/features/alerts/alerts-entry';

const ITEMS: readonly { id: string; to: string; icon: LucideIcon }[] = [
  { id: 'dashboard', to: '/dashboard', icon: LayoutDashboard },
  { id: 'backups', to: '/backups', icon: DatabaseBackup },
  { id: 'restoreTests', to: '/restore-tests', icon: FlaskConical },
  { id: 'automation', to: '/automation', icon: CalendarClock },
  { id: 'alerts', to: '/alerts', icon: Bell },
  { id: 'licenses', to: '/licenses', icon: KeyRound },
];

/**
 * The signed-in pages' main navigation, one slim bar above each page's own header. The current section is marked
 * (`aria-current="page"`, also for its sub-pages such as /restore-tests/{id}); on a narrow screen the links scroll
 * sideways instead of wrapping. Its words are in the `common` namespace, loaded with the app. The alerts bell ends
 * the bar, loaded once the browser is idle (features/alerts/alerts-entry.tsx).
 */
export function AppNav() {
  const { t } = useTranslation('common');
  return (
    <nav
      aria-label={t('nav.label')}
      className="border-b border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-950"
      data-testid="app-nav"
    >
      <div className="mx-auto flex max-w-7xl items-center px-4">
        <ul className="flex flex-1 gap-1 overflow-x-auto py-1.5">
          {ITEMS.map(({ id, to, icon: Icon }) => (
            <li key={id} className="shrink-0">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-800 dark:text-brand-500'
                      : 'text-slate-600 hover:bg-white/70 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/60 dark:hover:text-white',
                  )
                }
                data-testid={`nav-${id}`}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {t(`nav.${id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <AlertsEntry />
      </div>
    </nav>
  );
}

/** `Page` under the main navigation (the router wraps every signed-in page with it). */
export function withAppNav(Page: ComponentType): ComponentType {
  function WithAppNav() {
    return (
      <>
        <AppNav />
        <Page />
      </>
    );
  }
  WithAppNav.displayName = `WithAppNav(${Page.displayName ?? Page.name})`;
  return WithAppNav;
}
