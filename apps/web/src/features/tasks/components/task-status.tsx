import type { TaskStatus } from '@proxai/contract';
import { cn } from '@/components/ui/cn';
import type { TaskText } from './task-text';

const STATUS_TONE: Record<TaskStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  succeeded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  cancelled: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  skipped: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
};

export function StatusBadge({ status, text }: { status: TaskStatus; text: TaskText }) {
  return (
    <span
      className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[status])}
      data-testid="task-status"
      data-status={status}
    >
      {text.status(status)}
    </span>
  );
}

/** A running task's progress (0–100), named after the task for screen readers. */
export function TaskProgress({ value, label, text }: { value: number; label: string; text: TaskText }) {
  const percent = text.percent(value);
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={percent}
        aria-label={text.progressLabel(label)}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-sky-600 transition-[width] dark:bg-sky-400" style={{ width: `${value}%` }} />
      </div>
      <span className="min-w-10 text-end text-xs tabular-nums text-slate-500 dark:text-slate-400" aria-hidden="true">
        {percent}
      </span>
    </div>
  );
}
