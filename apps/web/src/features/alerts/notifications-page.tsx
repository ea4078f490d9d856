import { BellRing, Gauge, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { buttonClasses } from '@/components/ui/button';
import { getStoredUser } from '@/lib/auth-storage';
import { alertPermissions } from './alerts-permissions';
import { ChannelList } from './components/channel-list';
import { DeliveriesPanel } from './components/deliveries-panel';
import { PreferencesForm } from './components/preferences-form';

/**
 * /settings/notifications: the organisation's channels (where alerts go), the delivery log and dead letters, the
 * signed-in person's own channels (any member adds theirs) and what reaches them by e-mail (severity, quiet hours in
 * their zone, which their own channels follow too).
 */
export function NotificationsPage() {
  const { t } = useTranslation('alerts');
  const [{ canManageChannels }] = useState(() => alertPermissions(getStoredUser()?.org_role));
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-8 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={Megaphone} title={t('notifications.title')} subtitle={t('notifications.subtitle')} />
          <div className="flex flex-wrap gap-2">
            <Link to="/alerts" className={buttonClasses('outline', 'sm')} data-testid="alerts-link">
              <BellRing className="h-4 w-4" aria-hidden="true" />
              {t('title')}
            </Link>
            <Link to="/settings/metrics" className={buttonClasses('outline', 'sm')} data-testid="metrics-settings-link">
              <Gauge className="h-4 w-4" aria-hidden="true" />
              {t('metricsSettings')}
            </Link>
          </div>
        </div>
        <ChannelList owner="organisation" canManage={canManageChannels} />
        <DeliveriesPanel />
        <ChannelList owner="me" canManage />
        <PreferencesForm />
      </main>
    </div>
  );
}
