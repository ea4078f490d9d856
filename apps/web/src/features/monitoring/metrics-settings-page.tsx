import { Gauge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { can } from '@/lib/permissions';
import { CollectionTable } from './components/collection-table';
import { ScrapeTokenCard } from './components/scrape-token-card';

/**
 * /settings/metrics: how metrics are collected from each host, and the Prometheus scrape token. `metrics.manage`
 * (owners and admins) manages the token (the server refuses others); every member reads the rest.
 */
export function MetricsSettingsPage() {
  const { t } = useTranslation('monitoring');
  const [canManage] = useState(() => can('metrics.manage'));
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <PageTitle icon={Gauge} title={t('settings.title')} subtitle={t('settings.subtitle')} />
        <CollectionTable />
        <ScrapeTokenCard canManage={canManage} />
      </main>
    </div>
  );
}
