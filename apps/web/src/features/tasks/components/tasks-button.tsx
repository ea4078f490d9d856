import { ListChecks } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveTaskCount, useRefreshAfterPageActions } from '../api/tasks-queries';

// The panel (its list, detail, Radix dialog) loads when the button is pointed at, focused or pressed.
const loadPanel = () => import('./tasks-panel');
const TasksPanel = lazy(async () => ({ default: (await loadPanel()).TasksPanel }));

/**
 * "Tasks" with the number of queued and running tasks, on every signed-in page; it opens the task panel. Docked
 * at the end corner of the viewport: the signed-in pages each draw their own header.
 */
export function TasksButton() {
  const { t } = useTranslation('tasks');
  const [isOpen, setIsOpen] = useState(false);
  // The panel (and its lazily loaded code) is mounted from the first opening on.
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const countId = useId();
  const active = useActiveTaskCount(isOpen);
  useRefreshAfterPageActions();
  const count = active.data?.count ?? 0;
  const shown = active.data?.isCapped || count > 99 ? '99+' : String(count);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-describedby={count > 0 ? countId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        className="fixed bottom-4 end-4 z-30 inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium text-slate-700 shadow-lg hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
        data-testid="tasks-button"
      >
        <ListChecks className="h-4 w-4" aria-hidden="true" />
        {t('button')}
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-sky-600 px-1.5 text-center text-xs font-semibold leading-5 text-white tabular-nums dark:bg-sky-500"
            data-testid="tasks-badge"
          >
            {shown}
          </span>
        ) : null}
      </button>
      {count > 0 ? (
        <span id={countId} className="sr-only">
          {t('activeCount', { number: shown })}
        </span>
      ) : null}
      {hasOpened ? (
        <Suspense fallback={<PanelLoading label={t('loading')} />}>
          <TasksPanel open={isOpen} onOpenChange={setIsOpen} returnFocusTo={buttonRef} hasActiveTasks={count > 0} />
        </Suspense>
      ) : null}
    </>
  );
}

function PanelLoading({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="fixed inset-y-0 end-0 z-50 flex w-full max-w-md items-center justify-center bg-white shadow-2xl dark:bg-slate-900"
    >
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
