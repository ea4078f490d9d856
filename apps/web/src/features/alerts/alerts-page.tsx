import { BellRing, History, ListChecks, Settings2, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { buttonClasses } from '@/components/ui/button';
import { TabList, tabPanelProps, useAddressTab } from '@/components/ui/tabs';
import { getStoredUser } from '@/lib/auth-storage';
import { useAlertCount, useAlertEvents } from './api/alerts';
import { alertPermissions } from './alerts-permissions';
import { AlertList } from './components/alert-list';
import { RulesEditor } from './components/rules-editor';

const TABS = [
  { id: 'active', icon: BellRing },
  { id: 'history', icon: History },
  { id: 'rules', icon: SlidersHorizontal },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/** /alerts: the active alerts (acknowledge, silence), their history, and the organisation's rules. The tab is in the address. */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const [tab, select] = useAddressTab(TAB_IDS, 'active');
  const [{ canAct, canManage }] = useState(() => alertPermissions(getStoredUser()?.org_role));
  const count = useAlertCount();
  useAlertEvents();
  const baseId = useId();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={ListChecks} title={t('title')} subtitle={t('subtitle')} />
          <Link to="/settings/notifications" className={buttonClasses('outline', 'sm')} data-testid="notifications-link">
            <Settings2 className="h-4 w-4" aria-hidden="true" />
            {t('notificationSettings')}
          </Link>
        </div>
        <TabList
          tabs={TABS.map(({ id, icon }) => ({
            id,
            icon,
            label: t(`tabs.${id}`),
            badge:
              id === 'active' && count.data && count.data.active > 0 ? (
                <span className="rounded-full bg-slate-200 px-1.5 text-xs tabular-nums dark:bg-slate-800">
                  {count.data.active}
                </span>
              ) : null,
          }))}
          selected={tab}
          onSelect={select}
          label={t('title')}
          baseId={baseId}
        />
        <section {...tabPanelProps(baseId, tab)}>
          {tab === 'rules' ? (
            <RulesEditor canManage={canManage} />
          ) : (
            <AlertList key={tab} status={tab === 'active' ? 'active' : 'resolved'} canAct={canAct} />
          )}
        </section>
      </main>
    </div>
  );
}
