import { CalendarClock, CalendarDays, Clock, ListTodo } from 'lucide-react';
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { cn } from '@/components/ui/cn';
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
type Tab = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.id === value);

/**
 * /automation: schedules (snapshot policies, power actions), maintenance windows and the week planner, in the
 * person's time zone. The tab is in the address (?tab=planner), so it survives a reload and can be linked to.
 */
export function AutomationPage() {
  const { t } = useTranslation('automation');
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'schedules';
  const [editId, setEditId] = useState<string | null>(null);
  const [{ canManage, canRun }] = useState(() => automationPermissions(getStoredUser()?.org_role));
  const myZone = useMyTimeZone();
  useAutomationEvents();
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = useCallback(
    (next: Tab) =>
      setParams(
        (p) => {
          const copy = new URLSearchParams(p);
          copy.set('tab', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  const handleEditSchedule = useCallback(
    (id: string) => {
      setEditId(id);
      select('schedules');
    },
    [select],
  );
  const handleEditOpened = useCallback(() => setEditId(null), []);

  // Tabs pattern: arrows move between tabs (and select them), Home and End go to the ends.
  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    select(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

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
        <div role="tablist" aria-label={t('title')} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
          {TABS.map(({ id, icon: Icon }, index) => (
            <button
              key={id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${id}`}
              aria-controls={`${baseId}-panel-${id}`}
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => select(id)}
              onKeyDown={(e) => handleTabKey(e, index)}
              className={cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                tab === id
                  ? 'border-brand-600 text-brand-700 dark:text-brand-500'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
              data-testid={`tab-${id}`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {t(`tabs.${id}`)}
            </button>
          ))}
        </div>
        <section role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} tabIndex={0}>
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
