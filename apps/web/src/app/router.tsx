import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { startEarly } from '@/lib/api-client';
import { backupsPath } from '@/features/backups/api/backups-path';
import { getToken } from '@/lib/auth-storage';
import { i18n, i18nReady } from '@/lib/i18n';
import { RootLayout } from './root-layout';

/** Protected routes need only a stored session token (SPEC.md §6); the API enforces the rest. */
function requireToken() {
  if (!getToken()) throw redirect('/auth');
  return null;
}

const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

/**
 * A signed-in page: its chunk, under the main navigation (app-nav.tsx), with its strings' namespaces (and the account
 * menu's) loaded beside it once i18next has chosen the language.
 */
const signedIn = (load: () => Promise<React.ComponentType>, namespaces: string[] = []) => ({
  lazy: async () => {
    const [Component, nav] = await Promise.all([
      load(),
      import('./app-nav'),
      namespaces.length > 0 ? i18nReady.then(() => i18n.loadNamespaces([...namespaces, 'account'])) : undefined,
    ]);
    return { Component: nav.withAppNav(Component) };
  },
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', ...page(async () => ({ Component: (await import('@/features/marketing/pages/landing-page')).LandingPage })) },
      {
        path: '/old-home',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/old-home-page')).OldHomePage })),
      },
      {
        path: '/old-product',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/old-product-page')).OldProductPage })),
      },
      {
        path: '/old-pricing',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/old-pricing-page')).OldPricingPage })),
      },
      { path: '/auth', ...page(async () => ({ Component: (await import('@/features/auth/auth-page')).AuthPage })) },
      // Public, but it reads and writes through the query cache (app/invite-screen.tsx).
      { path: '/invite/:token', ...page(async () => ({ Component: (await import('./invite-screen')).InviteScreen })) },
      {
        path: '/product',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/product-page')).ProductPage })),
      },
      {
        path: '/pricing',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/pricing-page')).PricingPage })),
      },
      {
        path: '/marketplace',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/marketplace-page')).MarketplacePage })),
      },
      {
        path: '/migration-vmware',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/migration-page')).MigrationPage })),
      },
      {
        path: '/technologies',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/technologies-page')).TechnologiesPage })),
      },
      {
        path: '/install',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/install-page')).InstallPage })),
      },
      { path: '/about', ...page(async () => ({ Component: (await import('@/features/marketing/pages/about-page')).AboutPage })) },
      { path: '/blog', ...page(async () => ({ Component: (await import('@/features/marketing/pages/blog-page')).BlogPage })) },
      {
        path: '/use-cases',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/use-cases-page')).UseCasesPage })),
      },
      {
        path: '/why-proxai',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/why-page')).WhyPage })),
      },
      {
        path: '/contact',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/contact-page')).ContactPage })),
      },
      {
        path: '/legal/:type',
        ...page(async () => ({ Component: (await import('@/features/marketing/pages/legal-page')).LegalPage })),
      },
      {
        loader: requireToken,
        lazy: async () => ({ Component: (await import('./protected-layout')).ProtectedLayout }),
        children: [
          {
            path: '/dashboard',
            // The first guest rows must not wait for the page's code, then its strings, then its data:
            // the data is asked for and the strings loaded while the chunk downloads.
            loader: async () => {
              startEarly(['/vms', '/hosts', '/stats']);
              (await import('@/features/dashboard/api/prefetch-dashboard')).prefetchDashboard();
              return null;
            },
            lazy: async () => {
              const [module, slot, overview, nav] = await Promise.all([
                import('@/features/dashboard/dashboard-page'),
                import('./host-tools-slot'),
                import('./fleet-overview-slot'),
                import('./app-nav'),
                // After i18next has chosen the language, so that only that language's files are read.
                i18nReady.then(() => i18n.loadNamespaces(['dashboard', 'account'])),
              ]);
              const { DashboardPage } = module;
              return {
                Component: nav.withAppNav(() => (
                  <slot.WithHostTools>
                    <overview.WithFleetOverview>
                      <DashboardPage />
                    </overview.WithFleetOverview>
                  </slot.WithHostTools>
                )),
              };
            },
          },
          // Its own chunk (schedules, windows, planner, croner); the restore-test schedules' probes editor loads
          // when one is edited.
          {
            path: '/automation',
            ...signedIn(async () => {
              const [{ AutomationPage }, { WithProbesEditor }] = await Promise.all([
                import('@/features/automation/automation-page'),
                import('./automation-slots'),
              ]);
              return () => (
                <WithProbesEditor>
                  <AutomationPage />
                </WithProbesEditor>
              );
            }, ['automation']),
          },
          // A PVE node's page carries uPlot and its CSS (its own chunk, which the dashboard never loads); a PBS's
          // page is another chunk. The host's type picks one (app/host-screen.tsx).
          {
            path: '/hosts/:id',
            ...signedIn(async () => (await import('./host-screen')).HostScreen, ['monitoring', 'hosts']),
          },
          {
            path: '/vms/:id',
            ...signedIn(async () => (await import('./guest-screen')).GuestScreen, ['monitoring', 'backups']),
          },
          {
            path: '/backups',
            // The inventory's first rows: asked for while the page's code downloads.
            loader: () => {
              startEarly([backupsPath({})]);
              return null;
            },
            ...signedIn(async () => (await import('@/features/backups/backups-page')).BackupsPage, ['backups']),
          },
          {
            path: '/restore-tests',
            ...signedIn(async () => (await import('@/features/backups/restore-tests-page')).RestoreTestsPage, ['backups']),
          },
          {
            path: '/restore-tests/:id',
            ...signedIn(async () => (await import('@/features/backups/restore-test-page')).RestoreTestPage, ['backups']),
          },
          {
            path: '/alerts',
            ...signedIn(async () => (await import('@/features/alerts/alerts-page')).AlertsPage, ['alerts']),
          },
          {
            path: '/settings/notifications',
            ...signedIn(async () => (await import('@/features/alerts/notifications-page')).NotificationsPage, ['alerts']),
          },
          {
            path: '/settings/metrics',
            ...signedIn(
              async () => (await import('@/features/monitoring/metrics-settings-page')).MetricsSettingsPage,
              ['monitoring'],
            ),
          },
          {
            path: '/settings/members',
            ...signedIn(async () => (await import('@/features/members/members-page')).MembersPage, ['members']),
          },
          {
            path: '/settings/api-keys',
            ...signedIn(async () => (await import('@/features/api-keys/api-keys-page')).ApiKeysPage, ['api-keys']),
          },
          {
            path: '/audit',
            ...signedIn(async () => (await import('@/features/audit/audit-page')).AuditPage, ['audit']),
          },
          {
            path: '/settings/security',
            ...signedIn(async () => (await import('@/features/security/security-page')).SecurityPage, ['security']),
          },
          {
            path: '/licenses',
            ...signedIn(async () => (await import('@/features/licenses/licenses-page')).LicensesPage),
          },
        ],
      },
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** Resolves once `router` has finished its first navigation (lazy code, loaders, redirects). */
export function routerSettled(router: ReturnType<typeof createRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
