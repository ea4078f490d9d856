import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { startEarly } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { i18n, i18nReady } from '@/lib/i18n';
import { RootLayout } from './root-layout';

/** Protected routes need only a stored session token (SPEC.md §6); the API enforces the rest. */
function requireToken() {
  if (!getToken()) throw redirect('/auth');
  return null;
}

const page = (load: () => Promise<{ Component: React.ComponentType }>) => ({ lazy: load });

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
              const [module, slot, overview] = await Promise.all([
                import('@/features/dashboard/dashboard-page'),
                import('./host-tools-slot'),
                import('./fleet-overview-slot'),
                // After i18next has chosen the language, so that only that language's files are read.
                i18nReady.then(() => i18n.loadNamespaces(['dashboard', 'account'])),
              ]);
              const { DashboardPage } = module;
              return {
                Component: () => (
                  <slot.WithHostTools>
                    <overview.WithFleetOverview>
                      <DashboardPage />
                    </overview.WithFleetOverview>
                  </slot.WithHostTools>
                ),
              };
            },
          },
          {
            path: '/automation',
            // Its own chunk (schedules, windows, planner, croner), and its strings loaded beside it.
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/automation/automation-page'),
                i18nReady.then(() => i18n.loadNamespaces(['automation', 'account'])),
              ]);
              return { Component: module.AutomationPage };
            },
          },
          // The host and guest pages carry uPlot and its CSS: their own chunk, which the dashboard never loads.
          {
            path: '/hosts/:id',
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/monitoring/host-page'),
                i18nReady.then(() => i18n.loadNamespaces(['monitoring', 'account'])),
              ]);
              return { Component: module.HostPage };
            },
          },
          {
            path: '/vms/:id',
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/monitoring/guest-page'),
                i18nReady.then(() => i18n.loadNamespaces(['monitoring', 'account'])),
              ]);
              return { Component: module.GuestPage };
            },
          },
          {
            path: '/alerts',
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/alerts/alerts-page'),
                i18nReady.then(() => i18n.loadNamespaces(['alerts', 'account'])),
              ]);
              return { Component: module.AlertsPage };
            },
          },
          {
            path: '/settings/notifications',
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/alerts/notifications-page'),
                i18nReady.then(() => i18n.loadNamespaces(['alerts', 'account'])),
              ]);
              return { Component: module.NotificationsPage };
            },
          },
          {
            path: '/settings/metrics',
            lazy: async () => {
              const [module] = await Promise.all([
                import('@/features/monitoring/metrics-settings-page'),
                i18nReady.then(() => i18n.loadNamespaces(['monitoring', 'account'])),
              ]);
              return { Component: module.MetricsSettingsPage };
            },
          },
          {
            path: '/licenses',
            ...page(async () => ({ Component: (await import('@/features/licenses/licenses-page')).LicensesPage })),
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
