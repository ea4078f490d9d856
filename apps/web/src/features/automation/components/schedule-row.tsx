import type { Schedule } from '@proxai/contract';
import { Pencil, Play, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { AutomationText } from '../automation-text';
import { RowActions, type RowAction } from './panel-states';
import { ScheduleSummary } from './schedule-summary';

export interface ScheduleRowProps {
  schedule: Schedule;
  text: AutomationText;
  myTimeZone: string;
  windowName: string | null;
  hostNames: ReadonlyMap<string, string>;
  canManage: boolean;
  canRun: boolean;
  isToggling: boolean;
  isRunning: boolean;
  onToggle: () => void;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One schedule: name and what it does, when (words and cron), next run in the person's zone, window, switch, actions. */
export function ScheduleRow({ schedule, text, myTimeZone, windowName, hostNames, ...props }: ScheduleRowProps) {
  const { t } = useTranslation('automation');
  const words = text.cron(schedule.cron);
  const name = schedule.name;
  const actions: (RowAction & { show: boolean })[] = [
    { key: 'run', show: props.canRun, icon: Play, tone: 'text-emerald-600', onClick: props.onRun, busy: props.isRunning },
    { key: 'edit', show: props.canManage, icon: Pencil, onClick: props.onEdit },
    { key: 'delete', show: props.canManage, icon: Trash2, tone: 'text-rose-600', onClick: props.onDelete },
  ].map(({ key, ...a }) => ({
    ...a,
    testId: `schedule-${key}`,
    label: t(`schedules.${key}Named`, { name }),
    title: t(`schedules.${key}`),
  }));
  return (
    <tr
      data-testid="schedule-row"
      data-schedule-id={schedule.id}
      className={cn(!schedule.enabled && 'text-slate-500 dark:text-slate-400')}
    >
      <td className="px-4 py-3 align-top">
        <p className="font-medium text-slate-900 dark:text-slate-100">{name}</p>
        <ScheduleSummary schedule={schedule} hostNames={hostNames} />
      </td>
      <td className="px-4 py-3 align-top">
        {words ? <p>{words}</p> : null}
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <code dir="ltr" className="font-mono">
            {schedule.cron}
          </code>
          {schedule.timezone !== myTimeZone ? ` · ${text.isolate(schedule.timezone)}` : null}
        </p>
      </td>
      <td className="px-4 py-3 align-top tabular-nums" data-testid="schedule-next">
        {schedule.next_run_at ? text.dateTime(schedule.next_run_at, myTimeZone) : '—'}
      </td>
      <td className="px-4 py-3 align-top">{windowName ?? <span className="text-slate-400">{t('schedules.noWindow')}</span>}</td>
      <td className="px-4 py-3 align-top">
        <button
          type="button"
          role="switch"
          aria-checked={schedule.enabled}
          aria-label={t('schedules.enabledNamed', { name })}
          disabled={!props.canManage || props.isToggling}
          onClick={props.onToggle}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
            schedule.enabled ? 'bg-brand-600' : 'bg-slate-300 dark:bg-slate-600',
          )}
          data-testid="schedule-toggle"
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              schedule.enabled ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5',
            )}
          />
        </button>
      </td>
      <td className="px-4 py-3 align-top">
        <RowActions actions={actions.filter((a) => a.show)} className="justify-end" />
      </td>
    </tr>
  );
}
