import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { AccountMenu } from '@/components/account-menu';
import { LanguageSelect } from '@/components/language-select';
import { LanguageToggle } from '@/components/language-toggle';
import { ThemeToggle } from '@/components/theme-toggle';
import { ApiError } from '@/lib/api-client';
import { getStoredUser } from '@/lib/auth-storage';
import { useDashboardData } from './api/dashboard-queries';
import { AdviceCard } from './components/advice-card';
import { FleetOverviewSlot } from './components/fleet-overview-slot';
import { GuestList } from './components/guest-list';
import { HostsSection } from './components/hosts-section';
import { PlanUsageBanner } from './components/plan-usage-banner';
import { StatCards } from './components/stat-cards';
import { dashboardPermissions } from './org-role';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = getStoredUser();
  const permissions = dashboardPermissions(user?.org_role);
  const name = user?.name?.trim() || t('userFallback');
  const { hosts, vms, stats } = useDashboardData();

  // SPEC §7: a 401 on any dashboard call ends the session and goes to /auth. ProtectedLayout does that
  // for every protected page; here a 401 is only kept out of the load-error message.
  const loadError = [hosts.error, vms.error, stats.error].find((e) => e && !(e instanceof ApiError && e.status === 401));
  const toastedFor = useRef<unknown>(null);
  useEffect(() => {
    if (loadError && toastedFor.current !== loadError) {
      toastedFor.current = loadError;
      toast.error(t('loadError'));
    }
  }, [loadError, t]);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('title')}</p>
            <h1 className="truncate text-lg font-semibold" data-testid="welcome">
              {t('welcome', { name })}
            </h1>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageToggle />
            <LanguageSelect />
            <ThemeToggle />
            <AccountMenu />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6">
        {loadError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
            {t('loadError')}
          </p>
        ) : null}
        <StatCards stats={stats.data} isLoading={stats.isPending} />
        <PlanUsageBanner usage={stats.data?.plan_usage} />
        <AdviceCard enabled={!vms.isPending} />
        <FleetOverviewSlot />
        <HostsSection hosts={hosts.data} vms={vms.data} isLoading={hosts.isPending} permissions={permissions} />
        <GuestList vms={vms.data} hosts={hosts.data} isLoading={vms.isPending} canAct={permissions.canActOnGuests} />
      </main>
    </div>
  );
}
