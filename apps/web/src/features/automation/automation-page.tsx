import { CalendarClock, CalendarDays, Clock, ListTodo } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { TabList, tabPanelProps, useAddressTab } from '@/components/ui/tabs';
import { getStoredUser } from '@/lib/auth-storage';
import { useAutomationEvents } from './api/automation-events';
import { useMyTimeZone } from './api/profile';
import { automationPermissions } from './automation-permissions';
import { PlannerTab } from './components/planner-tab';
import { SchedulesTab } from './components/schedules-tab';
import { MyTimeZoneField } from './components/time-zone-select';
import { WindowsTab } from './components/windows-tab';

const TABS = [
  { id: 'schedules', icon: ListTodo },
  { id: 'windows', icon: Clock },
  { id: 'planner', icon: CalendarDays },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/**
 * /automation: schedules (snapshot policies, power actions), maintenance windows and the week planner, in the
 * person's time zone. The tab is in the address (?tab=planner), so it survives a reload and can be linked to.
 */
export function AutomationPage() {
  const { t } = useTranslation('automation');
  const [tab, select] = useAddressTab(TAB_IDS, 'schedules');
  const [editId, setEditId] = useState<string | null>(null);
  const [{ canManage, canRun }] = useState(() => automationPermissions(getStoredUser()?.org_role));
  const myZone = useMyTimeZone();
  useAutomationEvents();
  const baseId = useId();
  const handleEditSchedule = useCallback(
    (id: string) => {
      setEditId(id);
      select('schedules');
    },
    [select],
  );
  const handleEditOpened = useCallback(() => setEditId(null), []);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <PageTitle icon={CalendarClock} title={t('title')} subtitle={t('subtitle')} />
          <MyTimeZoneField />
        </div>
        {!canManage ? (
          <p
            className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300"
            data-testid="automation-readonly"
          >
            {t(canRun ? 'runOnly' : 'readOnly')}
          </p>
        ) : null}
        <TabList
          tabs={TABS.map(({ id, icon }) => ({ id, icon, label: t(`tabs.${id}`) }))}
          selected={tab}
          onSelect={select}
          label={t('title')}
          baseId={baseId}
        />
        <section {...tabPanelProps(baseId, tab)}>
          {tab === 'schedules' ? (
            <SchedulesTab
              canManage={canManage}
              canRun={canRun}
              myTimeZone={myZone.timeZone}
              editId={editId}
              onEditOpened={handleEditOpened}
            />
          ) : tab === 'windows' ? (
            <WindowsTab canManage={canManage} myTimeZone={myZone.timeZone} />
          ) : (
            <PlannerTab myTimeZone={myZone.timeZone} canEdit={canManage} onEditSchedule={handleEditSchedule} />
          )}
        </section>
      </main>
    </div>
  );
}
