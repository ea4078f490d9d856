import { ArrowLeft, Ban } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Task } from '@proxai/contract';
import { stopsOnHost } from '@proxai/contract/task-stop';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelTask, useTaskDetail } from '../api/tasks-queries';
import { ErrorState, LoadingState } from './panel-states';
import { StatusBadge, TaskProgress } from './task-status';
import { useTaskText } from './task-text';

type CancelOutcome = { ok: true; stopping: boolean } | { ok: false; detail: string };

/**
 * What the server can cancel: a queued task at once; a running task that follows one Proxmox task (a guest action,
 * a snapshot, "Back up now", a restore), which it stops on the host; a running parent task (a bulk action, a snapshot policy), which starts no more children and
 * stops its running ones.
 */
export function isCancellable(task: Pick<Task, 'status' | 'kind' | 'params' | 'target'>): boolean {
  if (task.status === 'queued') return true;
  if (task.status !== 'running') return false;
  return Array.isArray(task.params.guest_ids) || (stopsOnHost(task.kind) && task.target.host_id !== null);
}

/** One task: what, who, when, its progress or error, its log and subtasks; one not ended can be cancelled (isCancellable). */
export function TaskDetailView({ id, onBack, canCancel }: { id: string; onBack: () => void; canCancel: boolean }) {
  const { t } = useTranslation('tasks');
  const text = useTaskText();
  const detail = useTaskDetail(id);
  const cancel = useCancelTask();
  const [outcome, setOutcome] = useState<CancelOutcome | null>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  // In the commit (not after paint): the focus is there as soon as the view is.
  useLayoutEffect(() => backRef.current?.focus(), []);

  function handleCancel(stopping: boolean) {
    setOutcome(null);
    cancel.mutate(id, {
      onSuccess: (answer) => {
        // A running task answers still running: it ends once its host has stopped it.
        const isStopping = stopping && answer.status === 'running';
        setOutcome({ ok: true, stopping: isStopping });
        toast.success(t(isStopping ? 'cancel.stopping' : 'cancel.done'));
      },
      onError: (error) => {
        // 409: Proxmox refused, or it already finished there or here; 403: a read-only member. The server says which.
        const message = error instanceof ApiError ? error.detail : t('cancel.failed');
        setOutcome({ ok: false, detail: message });
        toast.error(t('cancel.failed'), { description: message });
      },
    });
  }

  const task = detail.data;
  return (
    <div className="space-y-4" data-testid="task-detail">
      <Button ref={backRef} variant="ghost" size="sm" onClick={onBack} data-testid="task-back">
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        {t('detail.back')}
      </Button>
      {!task ? (
        detail.isPending ? (
          <LoadingState rows={3} />
        ) : (
          <ErrorState message={t('detail.loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
        )
      ) : (
        <>
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 text-base font-semibold break-words" data-testid="task-title">
              {text.kind(task)}
            </h3>
            <StatusBadge status={task.status} text={text} />
          </div>
          {task.status === 'running' ? <TaskProgress value={task.progress} label={text.kind(task)} text={text} /> : null}
          {task.error ? (
            <p
              className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
              data-testid="task-error"
            >
              {task.error}
            </p>
          ) : null}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <Field label={t('detail.startedBy')}>{text.actor(task)}</Field>
            <Field label={t('detail.createdAt')}>
              <time dateTime={task.created_at}>{text.absolute(task.created_at)}</time>
            </Field>
            {task.started_at ? (
              <Field label={t('detail.startedAt')}>
                <time dateTime={task.started_at}>{text.absolute(task.started_at)}</time>
              </Field>
            ) : null}
            {task.ended_at ? (
              <Field label={t('detail.endedAt')}>
                <time dateTime={task.ended_at}>{text.absolute(task.ended_at)}</time>
              </Field>
            ) : null}
            {task.upids.length > 0 ? (
              <Field label={t('detail.upids')}>
                <span dir="ltr" className="block font-mono text-xs break-all whitespace-pre-line">
                  {task.upids.join('\n')}
                </span>
              </Field>
            ) : null}
          </dl>
          {isCancellable(task) && canCancel ? (
            <Button
              variant="danger"
              size="sm"
              onClick={() => handleCancel(task.status === 'running')}
              isLoading={cancel.isPending}
              data-testid="task-cancel"
            >
              <Ban className="h-4 w-4" aria-hidden="true" />
              {t(task.status === 'running' ? 'cancel.stopButton' : 'cancel.button')}
            </Button>
          ) : null}
          {outcome?.ok ? (
            <p
              role="status"
              className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
              data-testid="task-cancel-result"
            >
              {t(outcome.stopping ? 'cancel.stopping' : 'cancel.done')}
            </p>
          ) : outcome ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
              data-testid="task-cancel-result"
            >
              {outcome.detail}
            </p>
          ) : null}
          <section aria-labelledby="task-log-title" className="space-y-2">
            <h4 id="task-log-title" className="text-sm font-semibold">
              {t('detail.log')}
            </h4>
            {task.log.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t('detail.noLog')}</p>
            ) : (
              // Log lines are the server's and Proxmox's own words: left to right in every language.
              <ol
                dir="ltr"
                className="max-h-80 space-y-0.5 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs text-slate-100 dark:bg-black"
                data-testid="task-log"
              >
                {task.log.map((entry, i) => (
                  <li key={i} className="break-words whitespace-pre-wrap">
                    <time dateTime={entry.at} title={text.absolute(entry.at)} className="me-2 text-slate-400">
                      {text.clock(entry.at)}
                    </time>
                    {entry.line}
                  </li>
                ))}
              </ol>
            )}
          </section>
          {task.children.length > 0 ? (
            <section aria-labelledby="task-children-title" className="space-y-2">
              <h4 id="task-children-title" className="text-sm font-semibold">
                {t('detail.children')}
              </h4>
              <ul className="space-y-1">
                {task.children.map((child) => (
                  <li key={child.id} className="flex items-center justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate">{text.kind(child)}</span>
                    <StatusBadge status={child.status} text={text} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
