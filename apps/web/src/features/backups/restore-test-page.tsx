import type { RestoreTest } from '@proxai/contract';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Card } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/load-states';
import { useRestoreTest } from './api/get-restore-test';
import { EvidenceProofs } from './components/evidence-proofs';
import { QueryProblem } from './components/query-problem';
import { StatusBadge } from './components/status-badge';
import { formatDateTime } from '@/lib/format-instant';
import { formatSeconds } from './format';
import { describeProbe } from './probe-words';

const TIMINGS = ['restore_s', 'boot_s', 'healthy_s', 'cleanup_s'] as const;

function Facts({ items, testId }: { items: { term: string; value: React.ReactNode }[]; testId: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {items.map(({ term, value }) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProbeResults({ test }: { test: RestoreTest }) {
  const { t } = useTranslation('backups');
  if (test.probes.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('detail.noProbes')}</p>;
  return (
    <ol className="space-y-3" data-testid="probe-results">
      {test.probes.map((result, i) => (
        <li key={i} className="space-y-1" data-testid="probe-result" data-ok={String(result.ok)}>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span
              className={
                result.ok === null
                  ? 'text-slate-500'
                  : result.ok
                    ? 'font-semibold text-emerald-700 dark:text-emerald-400'
                    : 'font-semibold text-red-700 dark:text-red-400'
              }
            >
              {t(result.ok === null ? 'detail.notApplicable' : result.ok ? 'detail.ok' : 'detail.failed')}
            </span>
            <span className="font-medium">{describeProbe(result.probe, t)}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{t('detail.ms', { n: result.duration_ms })}</span>
          </p>
          {result.output ? (
            <pre
              className="max-h-48 overflow-auto rounded-md bg-slate-100 p-2 text-xs whitespace-pre-wrap dark:bg-slate-800"
              dir="ltr"
              aria-label={t('detail.output')}
            >
              {result.output}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * /restore-tests/{id}: one test, followed while it runs: its result and reason, what was restored where, the timings
 * and RTO, each probe with what the guest answered, then the evidence's isolation and cleanup proofs and the file.
 */
export function RestoreTestPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useRestoreTest(id);
  const test = query.data;
  const isActive = test?.status === 'queued' || test?.status === 'running';
  const seconds = (s: number | null | undefined) => formatSeconds(s, t, language);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <Link to="/restore-tests" className="text-sm text-brand-700 underline dark:text-brand-500" data-testid="back-to-tests">
          {t('detail.back')}
        </Link>
        {query.isPending ? (
          <LoadingRows label={t('loading')} rows={3} className="h-16" testId="restore-test" />
        ) : query.isError || !test ? (
          <QueryProblem
            error={query.error}
            message={t('detail.loadError')}
            onRetry={() => void query.refetch()}
            testId="restore-test"
          />
        ) : (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <PageTitle
                icon={FlaskConical}
                title={t('detail.title', { name: test.guest_name, vmid: test.vmid })}
                subtitle={t('detail.subtitle', { time: formatDateTime(test.created_at, language) })}
              />
              <div aria-live="polite" className="flex items-center gap-2" data-testid="detail-status">
                <StatusBadge status={test.status} />
                {isActive ? <span className="text-sm text-slate-600 dark:text-slate-300">{t('detail.following')}</span> : null}
              </div>
            </div>
            {test.reason ? (
              <p
                role={test.status === 'failed' ? 'alert' : 'status'}
                className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
                data-testid="detail-reason"
              >
                {test.reason}
              </p>
            ) : null}
            <Card className="space-y-4">
              <Facts
                testId="detail-facts"
                items={[
                  {
                    term: t('detail.guest'),
                    value: test.guest_id ? (
                      <Link to={`/vms/${test.guest_id}`} className="text-brand-700 underline dark:text-brand-500">
                        {test.guest_name}
                      </Link>
                    ) : (
                      test.guest_name
                    ),
                  },
                  { term: t('detail.backup'), value: <span dir="ltr">{test.backup_volid ?? '—'}</span> },
                  { term: t('detail.backupTime'), value: formatDateTime(test.backup_time, language) },
                  {
                    term: t('detail.target'),
                    value: <span dir="ltr">{[test.target_node, test.target_storage].filter(Boolean).join(' · ')}</span>,
                  },
                  { term: t('detail.restoredVmid'), value: test.restored_vmid ?? '—' },
                  { term: t('detail.ended'), value: formatDateTime(test.ended_at, language) },
                ]}
              />
            </Card>
            <Card className="space-y-3">
              <h2 className="text-lg font-semibold">{t('detail.timings')}</h2>
              <Facts
                testId="detail-timings"
                items={[
                  ...TIMINGS.map((k) => ({ term: t(`detail.timing.${k}`), value: seconds(test.timings[k]) })),
                  {
                    term: t('detail.rto'),
                    value: (
                      <span className="text-lg" data-testid="detail-rto">
                        {seconds(test.rto_seconds)}
                      </span>
                    ),
                  },
                ]}
              />
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('detail.rtoHint')}</p>
            </Card>
            <Card className="space-y-3">
              <h2 className="text-lg font-semibold">{t('detail.probes')}</h2>
              <ProbeResults test={test} />
            </Card>
            {test.has_evidence ? (
              <EvidenceProofs testId={test.id} />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="evidence-pending">
                {t(isActive ? 'detail.evidenceWhenDone' : 'detail.noEvidence')}
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}
