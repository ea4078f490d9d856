import type { PlanOccurrence } from '@proxai/contract';
import { AlertTriangle, Ban, CalendarDays, ChevronLeft, ChevronRight, LayoutGrid, List, Pencil } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Label, Select } from '@/components/ui/input';
import { useHosts } from '@/lib/fleet-reads';
import { usePlan } from '../api/plan';
import { useAutomationText } from '../automation-text';
import { laneHosts, weekOf, type PlanBlock } from '../week';
import { hostName, occurrenceSpan, type OccurrenceContext } from './occurrence-words';
import { EmptyState, ErrorState, Loading } from './panel-states';
import { PlanList } from './plan-list';
import { WeekGrid } from './week-grid';

export interface PlannerTabProps {
  myTimeZone: string;
  /** The member may change schedules: a run's details offer to edit its schedule. */
  canEdit: boolean;
  onEditSchedule: (scheduleId: string) => void;
}

/**
 * The week planner: what the schedules will run, day by day and host by host, in the person's zone; conflicts and
 * occurrences their window would skip stand out. A list view says the same for screen readers and small screens.
 */
export function PlannerTab({ myTimeZone, canEdit, onEditSchedule }: PlannerTabProps) {
  const { t } = useTranslation('automation');
  const text = useAutomationText();
  const filterId = useId();
  const [offset, setOffset] = useState(0);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [hostFilter, setHostFilter] = useState('all');
  const [selected, setSelected] = useState<PlanBlock | null>(null);
  const week = useMemo(() => weekOf(new Date(), myTimeZone, offset), [myTimeZone, offset]);
  const plan = usePlan(week.start, week.end);
  const hosts = useHosts();
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const ctx: OccurrenceContext = useMemo(() => ({ t, text, zone: myTimeZone, hostNames }), [t, text, myTimeZone, hostNames]);
  const occurrences = useMemo(() => plan.data?.occurrences ?? [], [plan.data]);
  const allLanes = useMemo(() => laneHosts(occurrences, hostNames), [occurrences, hostNames]);
  const lanes = useMemo(
    () => (hostFilter === 'all' ? allLanes : allLanes.filter((h) => h === hostFilter)),
    [allLanes, hostFilter],
  );
  const handleSelect = useCallback((block: PlanBlock) => setSelected(block), []);
  const conflicts = occurrences.filter((o) => o.conflicts.length > 0).length;
  const skipped = occurrences.filter((o) => !o.in_window).length;
  const last = week.days[6]!;

  const move = (by: number) => {
    setSelected(null);
    setOffset((o) => (by === 0 ? 0 : o + by));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => move(-1)}
            aria-label={t('planner.previous')}
            data-testid="week-previous"
          >
            <ChevronLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => move(0)} disabled={offset === 0} data-testid="week-current">
            {t('planner.thisWeek')}
          </Button>
          <Button variant="outline" size="icon" onClick={() => move(1)} aria-label={t('planner.next')} data-testid="week-next">
            <ChevronRight className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          </Button>
          <h3 className="ms-2 font-semibold tabular-nums" aria-live="polite" data-testid="week-label">
            {text.range(week.start, last, myTimeZone)}
          </h3>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <Label htmlFor={filterId} className="sr-only">
              {t('planner.host')}
            </Label>
            <Select
              id={filterId}
              value={hostFilter}
              onChange={(e) => setHostFilter(e.target.value)}
              className="h-9 w-auto"
              data-testid="planner-host"
            >
              <option value="all">{t('planner.allHosts')}</option>
              {allLanes.map((id) => (
                <option key={id} value={id}>
                  {hostName(id, ctx)}
                </option>
              ))}
            </Select>
          </div>
          <div role="group" aria-label={t('planner.view')} className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                  view === v ? 'bg-white shadow-sm dark:bg-slate-950' : 'text-slate-600 dark:text-slate-300',
                )}
                data-testid={`planner-view-${v}`}
              >
                {v === 'grid' ? (
                  <LayoutGrid className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <List className="h-4 w-4" aria-hidden="true" />
                )}
                {t(`planner.views.${v}`)}
              </button>
            ))}
          </div>
        </div>
      </div>

      <Legend />

      {plan.isPending ? (
        <Loading rows={1} className="h-96" />
      ) : plan.isError && !plan.data ? (
        <ErrorState message={t('planner.loadError')} error={plan.error} onRetry={() => void plan.refetch()} />
      ) : occurrences.length === 0 ? (
        <EmptyState
          icon={<CalendarDays className="h-10 w-10" />}
          title={t('planner.empty')}
          text={t('planner.emptyText')}
          testId="planner-empty"
        />
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="planner-summary">
            {t('planner.summary', { n: occurrences.length, conflicts, skipped })}
          </p>
          {plan.data?.truncated ? (
            <p
              role="status"
              className="rounded-lg bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
            >
              {t('planner.truncated')}
            </p>
          ) : null}
          {view === 'grid' ? (
            <>
              <WeekGrid
                week={week}
                occurrences={occurrences}
                lanes={lanes}
                ctx={ctx}
                selectedKey={selected?.key ?? null}
                onSelect={handleSelect}
              />
              {lanes.length > 1 ? (
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('planner.lanes', { hosts: lanes.map((h) => text.isolate(hostName(h, ctx))).join(' | ') })}
                </p>
              ) : null}
              {selected ? (
                <OccurrenceDetail
                  occurrence={selected.occurrence}
                  ctx={ctx}
                  canEdit={canEdit}
                  onEdit={() => onEditSchedule(selected.occurrence.schedule_id)}
                />
              ) : null}
            </>
          ) : (
            <PlanList week={week} occurrences={occurrences} hostFilter={hostFilter} ctx={ctx} />
          )}
        </>
      )}
    </div>
  );
}

function Legend() {
  const { t } = useTranslation('automation');
  const swatch = 'inline-block h-3 w-5 rounded-sm border-s-4';
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400" aria-label={t('planner.legend')}>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} border-violet-500 bg-violet-100 dark:bg-violet-950`} aria-hidden="true" />
        {t('kinds.snapshot')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} border-sky-500 bg-sky-100 dark:bg-sky-950`} aria-hidden="true" />
        {t('kinds.guest_action')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} border-emerald-500 bg-emerald-100 dark:bg-emerald-950`} aria-hidden="true" />
        {t('kinds.backup')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <span className={`${swatch} border-amber-500 bg-amber-100 dark:bg-amber-950`} aria-hidden="true" />
        {t('kinds.restore-test')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <AlertTriangle className="h-3.5 w-3.5 text-red-600" aria-hidden="true" />
        {t('planner.conflict')}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Ban className="h-3.5 w-3.5" aria-hidden="true" />
        {t('planner.skipped')}
      </li>
    </ul>
  );
}

function OccurrenceDetail({
  occurrence: o,
  ctx,
  canEdit,
  onEdit,
}: {
  occurrence: PlanOccurrence;
  ctx: OccurrenceContext;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { t, text, zone } = ctx;
  return (
    <Card role="region" aria-label={t('planner.detail')} aria-live="polite" className="space-y-2" data-testid="occurrence-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-semibold">{o.schedule_name}</h4>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t(`kinds.${o.kind}`)} · {text.day(new Date(o.at), zone)} · {occurrenceSpan(o, ctx)} ·{' '}
            {t('planner.estimated', { duration: text.duration(o.estimated_minutes) })}
          </p>
        </div>
        {canEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit} data-testid="occurrence-edit">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {t('planner.editSchedule')}
          </Button>
        ) : null}
      </div>
      <p className="text-sm">
        {t('planner.onHosts', {
          hosts: (o.host_ids.length > 0 ? o.host_ids : ['']).map((h) => text.isolate(hostName(h, ctx))).join(', '),
        })}
      </p>
      {o.conflicts.length > 0 ? (
        <div className="rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
          <p className="font-medium">{t('planner.conflictsTitle')}</p>
          <ul className="list-disc ps-5">
            {o.conflicts.map((c) => (
              <li key={`${c.schedule_id}|${c.at}|${c.host_id ?? ''}|${c.storage ?? ''}`}>
                {t(c.storage ? 'planner.conflictStorage' : 'planner.conflictHost', {
                  name: text.isolate(c.schedule_name),
                  time: text.time(c.at, zone),
                  host: text.isolate(c.host_id ? hostName(c.host_id, ctx) : t('planner.unknownHost')),
                  storage: text.isolate(c.storage ?? ''),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!o.in_window ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
          {t('planner.skipExplained')}
        </p>
      ) : null}
    </Card>
  );
}
