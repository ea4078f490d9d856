import type { Task } from '@proxai/contract';
import { ListChecks } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TASK_FILTERS, useTaskList, type TaskFilter } from '../api/tasks-queries';
import { ErrorState, LoadingState } from './panel-states';
import { StatusBadge, TaskProgress } from './task-status';
import { useTaskText, type TaskText } from './task-text';

/** How often "2 minutes ago" is written again when the list itself has not changed. */
const RELATIVE_TIME_TICK_MS = 15_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface TaskListProps {
  filter: TaskFilter;
  onFilterChange: (filter: TaskFilter) => void;
  onOpen: (id: string) => void;
  /** Tasks are under way (the badge's count): the list is read again every 2 s. */
  hasActiveTasks: boolean;
  /** The task whose detail was just left: its button gets the focus back. */
  focusId?: string | null;
}

/** The recent tasks, newest first, filtered by status, page after page. */
export function TaskList({ filter, onFilterChange, onOpen, hasActiveTasks, focusId }: TaskListProps) {
  const { t } = useTranslation('tasks');
  const text = useTaskText();
  // "Load more" pages, counted per filter: another filter starts again at one page.
  const [paging, setPaging] = useState({ filter, pageCount: 1 });
  const pageCount = paging.filter === filter ? paging.pageCount : 1;
  const { query: list, tasks = [], hasMore, isLoadingMore } = useTaskList(filter, pageCount, hasActiveTasks);
  const listRef = useRef<HTMLUListElement>(null);
  const hasList = tasks.length > 0;
  useEffect(() => {
    if (focusId && hasList) listRef.current?.querySelector<HTMLElement>(`[data-task-id="${focusId}"]`)?.focus();
  }, [focusId, hasList]);

  // "2 minutes ago" from the last answer's time, or later while no new answer changes the list.
  const now = Math.max(useNow(RELATIVE_TIME_TICK_MS), list.dataUpdatedAt);
  return (
    <div className="space-y-4">
      <div
        role="group"
        aria-label={t('filter.label')}
        className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        data-testid="tasks-filter"
      >
        {TASK_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => onFilterChange(f)}
            className={cn(
              'flex-1 rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              filter === f
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
            data-testid={`tasks-filter-${f}`}
          >
            {t(`filter.${f}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : !list.data ? (
        <ErrorState message={t('loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isError ? <ErrorState message={t('loadError')} error={list.error} onRetry={() => void list.refetch()} /> : null}
          {hasList ? (
            <ul ref={listRef} className="space-y-2" aria-label={t('title')} data-testid="task-list">
              {tasks.map((task) => (
                <TaskItem key={task.id} task={task} now={now} text={text} onOpen={onOpen} />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-2 py-10 text-center" data-testid="tasks-empty">
              <ListChecks className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <p className="font-medium">{filter === 'all' ? t('empty') : t('noMatch')}</p>
              {filter === 'all' ? <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">{t('emptyText')}</p> : null}
            </div>
          )}
          {hasMore || isLoadingMore ? (
            <Button
              variant="outline"
              className="w-full"
              onClick={() => setPaging({ filter, pageCount: pageCount + 1 })}
              isLoading={isLoadingMore}
              data-testid="tasks-load-more"
            >
              {t('loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** One task: what (a button opening its detail, stretched over the card), status, who, when, progress or error. */
const TaskItem = memo(function TaskItem({
  task,
  now,
  text,
  onOpen,
}: {
  task: Task;
  now: number;
  text: TaskText;
  onOpen: (id: string) => void;
}) {
  const label = text.kind(task);
  return (
    <li
      className="relative rounded-lg border border-slate-200 p-3 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/60"
      data-testid="task-item"
      data-status={task.status}
    >
      <div className="flex items-start justify-between gap-3">
        <button
          type="button"
          onClick={() => onOpen(task.id)}
          className="min-w-0 text-start font-medium outline-none after:absolute after:inset-0 after:rounded-lg"
          data-task-id={task.id}
        >
          <span className="block truncate">{label}</span>
        </button>
        <StatusBadge status={task.status} text={text} />
      </div>
      <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">
        <span data-testid="task-actor">{text.startedBy(task)}</span>
        {' · '}
        <time dateTime={task.created_at} title={text.absolute(task.created_at)}>
          {text.relative(task.created_at, now)}
        </time>
      </p>
      {task.status === 'running' ? (
        <div className="mt-2">
          <TaskProgress value={task.progress} label={label} text={text} />
        </div>
      ) : null}
      {task.error && (task.status === 'failed' || task.status === 'cancelled') ? (
        <p className="mt-1 line-clamp-2 text-xs text-red-700 dark:text-red-300" data-testid="task-error">
          {task.error}
        </p>
      ) : null}
    </li>
  );
});
