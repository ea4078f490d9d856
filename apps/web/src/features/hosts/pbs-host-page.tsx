import type { PbsHostDetail } from '@proxai/contract';
import { DatabaseBackup } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { usePbsHost } from './api/pbs-host';
import { isOkState, PbsDatastoreCard } from './components/pbs-datastore-card';
import { PlanRequiredNotice } from './components/plan-required-notice';
import { formatDateTime } from '@/lib/format-instant';
import { isPlanRequired, requiredPlan } from './plan-required';

const CELL = 'px-3 py-2 align-top';
/** A card holding a table edge to edge (Card's padding is for text). */
const TABLE_CARD =
  'overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

function Table({
  caption,
  headers,
  children,
  testId,
}: {
  caption: string;
  headers: string[];
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={`${CELL} text-start`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

function Jobs({ detail, language }: { detail: PbsHostDetail; language: string }) {
  const { t } = useTranslation('hosts');
  if (detail.jobs.length === 0) return <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{t('pbs.noJobs')}</p>;
  return (
    <Table
      caption={t('pbs.jobs')}
      testId="pbs-jobs"
      headers={[
        t('pbs.columns.job'),
        t('pbs.columns.store'),
        t('pbs.columns.schedule'),
        t('pbs.columns.lastRun'),
        t('pbs.columns.next'),
      ]}
    >
      {detail.jobs.map((job) => (
        <tr key={`${job.type}|${job.id}`} data-testid="pbs-job">
          <td className={CELL}>
            <span className="font-medium">{t(`pbs.jobTypes.${job.type}`)}</span>{' '}
            <span dir="ltr" className="text-slate-500">
              {job.id}
            </span>
            {job.enabled ? null : <span className="block text-xs text-slate-500">{t('pbs.disabled')}</span>}
          </td>
          <td className={CELL} dir="ltr">
            {job.store}
          </td>
          <td className={CELL}>
            <code dir="ltr">{job.schedule ?? '—'}</code>
          </td>
          <td className={CELL}>
            {formatDateTime(job.last_run_at, language)}
            {job.last_state ? (
              <span
                className={
                  isOkState(job.last_state)
                    ? 'block text-xs text-emerald-700 dark:text-emerald-400'
                    : 'block text-xs font-medium text-red-700 dark:text-red-400'
                }
                data-testid="pbs-job-state"
              >
                {job.last_state}
              </span>
            ) : null}
          </td>
          <td className={CELL}>{formatDateTime(job.next_run_at, language)}</td>
        </tr>
      ))}
    </Table>
  );
}

function FailedTasks({ detail, language }: { detail: PbsHostDetail; language: string }) {
  const { t } = useTranslation('hosts');
  if (detail.tasks.length === 0)
    return <p className="p-4 text-sm text-slate-500 dark:text-slate-400">{t('pbs.noFailedTasks')}</p>;
  return (
    <Table
      caption={t('pbs.failedTasksTitle')}
      testId="pbs-tasks"
      headers={[t('pbs.columns.task'), t('pbs.columns.started'), t('pbs.columns.status')]}
    >
      {detail.tasks.map((task) => (
        <tr key={task.upid} data-testid="pbs-task">
          <td className={CELL}>
            <span dir="ltr">{task.type}</span>
            {task.worker_id ? (
              <span dir="ltr" className="block text-xs text-slate-500">
                {task.worker_id}
              </span>
            ) : null}
          </td>
          <td className={CELL}>{formatDateTime(task.started_at, language)}</td>
          <td className={`${CELL} break-words text-red-700 dark:text-red-400`}>{task.status}</td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * /hosts/{id} of a Proxmox Backup Server: its datastores (usage, 30-day forecast, garbage collection, snapshots,
 * failed verifications), its GC, prune, verify and sync jobs with their last run and next one, and its failed tasks of
 * the week. What the token may not read is named instead of shown empty.
 */
export function PbsHostPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('hosts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = usePbsHost(id);
  const detail = query.data;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('pbs.backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        {query.isPending ? (
          <LoadingRows label={t('pbs.loading')} rows={3} className="h-24" testId="pbs" />
        ) : isPlanRequired(query.error) ? (
          <PlanRequiredNotice plan={requiredPlan(query.error)} />
        ) : query.isError || !detail ? (
          <LoadError
            message={t('pbs.loadError')}
            error={query.error}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
            testId="pbs"
          />
        ) : (
          <>
            <PageTitle
              icon={DatabaseBackup}
              title={detail.name}
              subtitle={t('pbs.subtitle', { version: detail.version ?? '—', time: formatDateTime(detail.read_at, language) })}
            />
            {detail.unreadable.length > 0 ? (
              <p
                role="status"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
                data-testid="pbs-unreadable"
              >
                {t('pbs.unreadable', { list: detail.unreadable.map((part) => t(`pbs.parts.${part}`)).join(', ') })}
              </p>
            ) : null}
            <section className="space-y-3" aria-labelledby="pbs-datastores">
              <h2 id="pbs-datastores" className="text-lg font-semibold">
                {t('pbs.datastores')}
              </h2>
              {detail.datastores.length === 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">{t('pbs.noDatastore')}</p>
              ) : (
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {detail.datastores.map((store) => (
                    <PbsDatastoreCard key={store.name} store={store} />
                  ))}
                </div>
              )}
            </section>
            <section className="space-y-3" aria-labelledby="pbs-jobs-title">
              <h2 id="pbs-jobs-title" className="text-lg font-semibold">
                {t('pbs.jobs')}
              </h2>
              <div className={TABLE_CARD}>
                <Jobs detail={detail} language={language} />
              </div>
            </section>
            <section className="space-y-3" aria-labelledby="pbs-tasks-title">
              <h2 id="pbs-tasks-title" className="text-lg font-semibold">
                {t('pbs.failedTasksTitle')}
              </h2>
              <div className={TABLE_CARD}>
                <FailedTasks detail={detail} language={language} />
              </div>
            </section>
          </>
        )}
      </main>
    </div>
  );
}
