import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { LoadingRows } from '@/components/ui/load-states';
import { useCoverage } from '../api/backup-coverage';
import { usePolicies } from '../api/backup-policies';
import { useHosts } from '@/lib/fleet-reads';
import { formatDateTime } from '@/lib/format-instant';
import { DataTable, Section } from './data-table';
import { QueryProblem } from './query-problem';

/**
 * The backup jobs defined in Proxmox (`/cluster/backup`), read-only, beside ProxAI's own backup and restore-test
 * policies, which are edited on the Automation page.
 */
export function JobsPanel() {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The jobs come with the coverage (one call); its default hours, the same cache entry as the coverage tab's.
  const coverage = useCoverage(24);
  const policies = usePolicies();
  const hosts = useHosts();
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const on = (enabled: boolean) => (enabled ? t('jobs.enabled') : t('jobs.disabled'));

  return (
    <div className="space-y-6">
      {policies.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-10" testId="policies" />
      ) : policies.isError ? (
        <QueryProblem
          error={policies.error}
          message={t('jobs.policiesError')}
          onRetry={() => void policies.refetch()}
          testId="policies"
        />
      ) : (
        <Section
          title={t('jobs.policies')}
          hint={t('jobs.policiesHint')}
          isEmpty={policies.data.length === 0}
          emptyText={t('jobs.policiesEmpty')}
          testId="policies"
          action={
            <Link to="/automation" className={buttonClasses('outline', 'sm')} data-testid="policies-link">
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              {t('jobs.manage')}
            </Link>
          }
        >
          <DataTable
            caption={t('jobs.policies')}
            headers={[
              t('jobs.columns.name'),
              t('jobs.columns.kind'),
              t('jobs.columns.schedule'),
              t('jobs.columns.next'),
              t('jobs.columns.state'),
            ]}
            testId="policies-table"
            rowTestId="policy-row"
            rows={policies.data.map((s) => ({
              key: s.id,
              cells: [
                s.name,
                t(`jobs.kinds.${s.kind}`, { defaultValue: s.kind }),
                <code key="c" dir="ltr">
                  {s.cron}
                </code>,
                formatDateTime(s.next_run_at, language),
                on(s.enabled),
              ],
            }))}
          />
        </Section>
      )}
      {coverage.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-10" testId="pve-jobs" />
      ) : coverage.isError ? (
        <QueryProblem
          error={coverage.error}
          message={t('jobs.pveError')}
          onRetry={() => void coverage.refetch()}
          testId="pve-jobs"
        />
      ) : (
        <Section
          title={t('jobs.pve')}
          hint={t('jobs.pveHint')}
          isEmpty={coverage.data.pve_jobs.length === 0}
          emptyText={t('jobs.pveEmpty')}
          testId="pve-jobs"
        >
          <DataTable
            caption={t('jobs.pve')}
            headers={[
              t('jobs.columns.job'),
              t('jobs.columns.host'),
              t('jobs.columns.selects'),
              t('jobs.columns.storage'),
              t('jobs.columns.schedule'),
              t('jobs.columns.next'),
              t('jobs.columns.state'),
            ]}
            testId="pve-jobs-table"
            rowTestId="pve-job-row"
            rows={coverage.data.pve_jobs.map((j) => ({
              key: `${j.host_id}|${j.id}`,
              cells: [
                <span key="id">
                  <span dir="ltr" className="font-medium">
                    {j.id}
                  </span>
                  {j.comment ? <span className="block text-xs text-slate-500 dark:text-slate-400">{j.comment}</span> : null}
                </span>,
                hostNames.get(j.host_id) ?? '',
                j.all
                  ? j.exclude.length > 0
                    ? t('jobs.allExcept', { list: j.exclude.join(', ') })
                    : t('jobs.all')
                  : j.pool
                    ? t('jobs.pool', { pool: j.pool })
                    : t('jobs.vmids', { list: (j.vmids ?? []).join(', ') }),
                <span key="s" dir="ltr">
                  {j.storage ?? '—'}
                  {j.mode ? ` · ${j.mode}` : ''}
                </span>,
                <code key="c" dir="ltr">
                  {j.schedule ?? '—'}
                </code>,
                formatDateTime(j.next_run, language),
                on(j.enabled),
              ],
            }))}
          />
        </Section>
      )}
    </div>
  );
}
