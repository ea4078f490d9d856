import { Archive, CalendarRange, DatabaseBackup, ShieldQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { TabList, tabPanelProps, useAddressTab } from '@/components/ui/tabs';
import { getStoredUser } from '@/lib/auth-storage';
import { backupPermissions } from './backups-permissions';
import { CoveragePanel } from './components/coverage-panel';
import { InventoryPanel } from './components/inventory-panel';
import { JobsPanel } from './components/jobs-panel';

const TABS = [
  { id: 'inventory', icon: Archive },
  { id: 'coverage', icon: ShieldQuestion },
  { id: 'jobs', icon: CalendarRange },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/**
 * /backups: the inventory of every backup (PVE storages and PBS datastores), the coverage (guests without a recent
 * backup, PVE's not-backed-up list, failed jobs), and the backup jobs (PVE's own beside ProxAI's policies). The tab is
 * in the address.
 */
export function BackupsPage() {
  const { t } = useTranslation('backups');
  const [tab, select] = useAddressTab(TAB_IDS, 'inventory');
  const [{ canRestore, canRestoreOriginal }] = useState(() => backupPermissions(getStoredUser()?.org_role));
  const baseId = useId();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <PageTitle icon={DatabaseBackup} title={t('title')} subtitle={t('subtitle')} />
        <TabList
          tabs={TABS.map(({ id, icon }) => ({ id, icon, label: t(`tabs.${id}`) }))}
          selected={tab}
          onSelect={select}
          label={t('title')}
          baseId={baseId}
        />
        <section {...tabPanelProps(baseId, tab)}>
          {tab === 'inventory' ? (
            <InventoryPanel canRestore={canRestore} canRestoreOriginal={canRestoreOriginal} />
          ) : tab === 'coverage' ? (
            <CoveragePanel />
          ) : (
            <JobsPanel />
          )}
        </section>
      </main>
    </div>
  );
}
