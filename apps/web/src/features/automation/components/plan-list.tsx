import type { PlanOccurrence } from '@proxai/contract';
import { AlertTriangle } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { daysBetween, zonedParts } from '../time-zones';
import type { Week } from '../week';
import { conflictNames, describeOccurrence, type OccurrenceContext } from './occurrence-words';

const KIND_BORDER: Record<PlanOccurrence['kind'], string> = {
  snapshot: 'border-violet-500',
  guest_action: 'border-sky-500',
  backup: 'border-emerald-500',
  'restore-test': 'border-amber-500',
};

/** The same week as a list, day by day: every occurrence in one sentence. */
export function PlanList({
  week,
  occurrences,
  hostFilter,
  ctx,
}: {
  week: Week;
  occurrences: readonly PlanOccurrence[];
  hostFilter: string;
  ctx: OccurrenceContext;
}) {
  const { t, text, zone } = ctx;
  const first = zonedParts(week.start, zone);
  const byDay = week.days.map(() => [] as PlanOccurrence[]);
  for (const o of occurrences) {
    if (hostFilter !== 'all' && !(o.host_ids.length === 0 ? hostFilter === '' : o.host_ids.includes(hostFilter))) continue;
    const day = daysBetween(first, zonedParts(new Date(o.at), zone));
    byDay[day]?.push(o);
  }
  return (
    <div className="space-y-4" data-testid="plan-list">
      {week.days.map((day, i) => (
        <section key={day.toISOString()} aria-labelledby={`plan-day-${i}`}>
          <h4 id={`plan-day-${i}`} className="mb-1 font-semibold">
            {text.day(day, zone)}
          </h4>
          {byDay[i]!.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('planner.nothing')}</p>
          ) : (
            <ul className="space-y-1">
              {byDay[i]!.map((o) => (
                <li
                  key={`${o.schedule_id}|${o.at}`}
                  className={cn(
                    'rounded-md border-s-4 px-2 py-1 text-sm',
                    KIND_BORDER[o.kind],
                    o.conflicts.length > 0 && 'bg-red-50 dark:bg-red-950/40',
                    !o.in_window && 'bg-amber-50 dark:bg-amber-950/40',
                  )}
                  data-testid="plan-item"
                >
                  {describeOccurrence(o, ctx)}
                  {conflictNames(o).length > 0 ? (
                    <span
                      className="ms-2 inline-flex items-center gap-1 text-xs font-medium text-red-700 dark:text-red-300"
                      aria-hidden="true"
                    >
                      <AlertTriangle className="h-3 w-3" />
                      {t('planner.conflict')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
