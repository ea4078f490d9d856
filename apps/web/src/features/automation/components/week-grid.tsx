import type { PlanOccurrence } from '@proxai/contract';
import { AlertTriangle, Ban } from 'lucide-react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { zonedParts } from '../time-zones';
import { planBlocks, type PlanBlock, type Week } from '../week';
import { describeOccurrence, hostName, type OccurrenceContext } from './occurrence-words';

/** Height of an hour in the grid (px): a 15-minute run is 7 px; no block is drawn shorter than a line of text. */
export const HOUR_PX = 28;
const MIN_BLOCK_PX = 12;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

const KIND_TONE: Record<PlanOccurrence['kind'], string> = {
  snapshot: 'border-violet-500 bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  guest_action: 'border-sky-500 bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  backup: 'border-emerald-500 bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  'restore-test': 'border-amber-500 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

const SKIPPED =
  'border-dashed opacity-80 bg-[repeating-linear-gradient(135deg,transparent,transparent_4px,rgba(100,116,139,0.35)_4px,rgba(100,116,139,0.35)_8px)]';

export interface WeekGridProps {
  week: Week;
  occurrences: readonly PlanOccurrence[];
  /** The host lanes of each day, in order. */
  lanes: readonly string[];
  ctx: OccurrenceContext;
  selectedKey: string | null;
  onSelect: (block: PlanBlock) => void;
}

/**
 * Seven days × 24 hours in the person's zone. Each day is split into one lane per host; an occurrence is a block
 * in each of its hosts' lanes, as tall as its estimated duration. Conflicts are ringed in red, occurrences that
 * would be skipped (outside their window) hatched. Every block is a button labelled with the whole occurrence.
 */
export const WeekGrid = memo(function WeekGrid({ week, occurrences, lanes, ctx, selectedKey, onSelect }: WeekGridProps) {
  const { t } = useTranslation('automation');
  const { text, zone } = ctx;
  const scrollRef = useRef<HTMLDivElement>(null);
  const laneIndex = useMemo(() => new Map(lanes.map((id, i) => [id, i])), [lanes]);
  const blocks = useMemo(() => planBlocks(occurrences, week, zone, new Set(lanes)), [occurrences, week, zone, lanes]);
  const today = zonedParts(new Date(), zone);
  const todayIndex = week.days.findIndex((d) => {
    const p = zonedParts(d, zone);
    return p.year === today.year && p.month === today.month && p.day === today.day;
  });

  // Opens on the first run of the week (or 06:00), not on midnight's empty hours.
  const firstMinute = blocks.length > 0 ? Math.min(...blocks.map((b) => b.startMinute)) : 6 * 60;
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = Math.max(0, (firstMinute / 60) * HOUR_PX - HOUR_PX);
  }, [week.start, firstMinute]);

  const width = 100 / Math.max(1, lanes.length);
  return (
    <div
      ref={scrollRef}
      className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 dark:border-slate-800"
      data-testid="week-grid"
    >
      <div className="grid min-w-[48rem] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
        <div className="sticky top-0 z-20 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" />
        {week.days.map((day, i) => (
          <div
            key={day.toISOString()}
            className={cn(
              'sticky top-0 z-20 border-b border-s border-slate-200 bg-white px-2 py-1.5 text-center text-xs font-medium dark:border-slate-800 dark:bg-slate-900',
              i === todayIndex && 'text-brand-700 dark:text-brand-500',
            )}
            data-testid="week-day"
          >
            {text.day(day, zone)}
          </div>
        ))}
        <div aria-hidden="true">
          {HOURS.map((h) => (
            <div
              key={h}
              style={{ height: HOUR_PX }}
              className="-translate-y-1.5 pe-1 text-end text-[10px] tabular-nums text-slate-500 dark:text-slate-400"
            >
              {h === 0 ? null : text.clock(`${String(h).padStart(2, '0')}:00`)}
            </div>
          ))}
        </div>
        {week.days.map((day, dayIndex) => (
          <div
            key={day.toISOString()}
            role="group"
            aria-label={text.day(day, zone)}
            className={cn(
              'relative border-s border-slate-200 dark:border-slate-800',
              'bg-[repeating-linear-gradient(to_bottom,transparent,transparent_27px,rgba(148,163,184,0.25)_27px,rgba(148,163,184,0.25)_28px)]',
              dayIndex === todayIndex && 'bg-brand-50/40 dark:bg-brand-500/5',
            )}
            style={{ height: 24 * HOUR_PX }}
          >
            {blocks
              .filter((b) => b.day === dayIndex)
              .map((block) => {
                const o = block.occurrence;
                const hasConflict = o.conflicts.length > 0;
                const label = describeOccurrence(o, ctx, block.hostId);
                const height = Math.max(MIN_BLOCK_PX, (block.minutes / 60) * HOUR_PX);
                return (
                  <button
                    key={block.key}
                    type="button"
                    aria-label={label}
                    aria-pressed={selectedKey === block.key}
                    title={label}
                    onClick={() => onSelect(block)}
                    style={{
                      top: (block.startMinute / 60) * HOUR_PX,
                      height,
                      insetInlineStart: `${(laneIndex.get(block.hostId) ?? 0) * width}%`,
                      width: `${width}%`,
                    }}
                    className={cn(
                      'absolute z-10 flex items-start gap-0.5 overflow-hidden rounded border-s-4 px-1 text-start text-[10px] leading-tight shadow-sm focus-visible:z-20 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                      KIND_TONE[o.kind],
                      !o.in_window && SKIPPED,
                      hasConflict && 'ring-2 ring-red-500 dark:ring-red-400',
                      // A run across midnight: square, dashed edges where it goes on to or comes from the other day.
                      block.continues && 'rounded-b-none border-b-2 border-dashed',
                      block.continued && 'rounded-t-none border-t-2 border-dashed',
                      selectedKey === block.key && 'outline-2 outline-slate-900 dark:outline-white',
                    )}
                    data-testid="plan-block"
                    data-schedule-id={o.schedule_id}
                    data-conflict={hasConflict || undefined}
                    data-skipped={!o.in_window || undefined}
                  >
                    {hasConflict ? <AlertTriangle className="h-3 w-3 shrink-0 text-red-600" aria-hidden="true" /> : null}
                    {!o.in_window ? <Ban className="h-3 w-3 shrink-0" aria-hidden="true" /> : null}
                    <span className="truncate" aria-hidden="true">
                      {o.schedule_name}
                      {lanes.length > 1 ? ` · ${hostName(block.hostId, ctx)}` : ''}
                    </span>
                  </button>
                );
              })}
          </div>
        ))}
      </div>
      <p className="sr-only">{t('planner.gridHint')}</p>
    </div>
  );
});
