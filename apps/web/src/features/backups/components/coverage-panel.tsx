import { Star } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Label, Select } from '@/components/ui/input';
import { LoadingRows } from '@/components/ui/load-states';
import { useCoverage } from '../api/backup-coverage';
import { useHosts } from '@/lib/fleet-reads';
import { formatDateTime } from '@/lib/format-instant';
import { DataTable, Section } from './data-table';
import { QueryProblem } from './query-problem';
import { InventoryHostsNotice, StorageNotice } from './storage-notice';

/** "Without a backup in the last N hours" choices. */
export const COVERAGE_HOURS = [6, 12, 24, 48, 72, 168] as const;

const guestLink = (id: string | null, name: string) =>
  id ? (
    <Link to={`/vms/${id}`} className="text-brand-700 underline dark:text-brand-500">
      {name}
    </Link>
  ) : (
    name
  );

/**
 * Coverage: the guests without a backup in the last N hours (N chosen), the guests no backup job of Proxmox
 * selects (PVE's own list), and ProxAI's backup tasks that failed in those hours.
 */
export function CoveragePanel() {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const [hours, setHours] = useState(24);
  const coverage = useCoverage(hours);
  const hosts = useHosts();
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const data = coverage.data;
  const hostOf = (hostId: string | null) => (hostId ? (hostNames.get(hostId) ?? '') : '');

  return (
    <div className="space-y-6" aria-busy={coverage.isFetching || undefined}>
      <div className="w-72">
        <Label htmlFor={`${id}-hours`}>{t('coverage.hours')}</Label>
        <Select id={`${id}-hours`} value={hours} onChange={(e) => setHours(Number(e.target.value))} data-testid="coverage-hours">
          {COVERAGE_HOURS.map((h) => (
            <option key={h} value={h}>
              {t('coverage.hoursOption', { n: h })}
            </option>
          ))}
        </Select>
      </div>
      {coverage.isPending ? (
        <LoadingRows label={t('loading')} rows={4} className="h-10" testId="coverage" />
      ) : coverage.isError || !data ? (
        <QueryProblem
          error={coverage.error}
          message={t('coverage.loadError')}
          onRetry={() => void coverage.refetch()}
          testId="coverage"
        />
      ) : (
        <>
          <StorageNotice storages={data.readable_storages} hosts={hosts.data} />
          <InventoryHostsNotice inventory={data.inventory_hosts} hosts={hosts.data} />
          <Section
            title={t('coverage.without', { n: data.hours })}
            hint={t('coverage.withoutHint')}
            isEmpty={data.guests_without_backup.length === 0}
            emptyText={t('coverage.withoutEmpty', { n: data.hours })}
            testId="coverage-without"
          >
            <DataTable
              caption={t('coverage.without', { n: data.hours })}
              headers={[t('coverage.columns.guest'), t('coverage.columns.host'), t('coverage.columns.lastBackup')]}
              rowTestId="coverage-without-row"
              testId="coverage-without-table"
              rows={data.guests_without_backup.map((g) => ({
                key: g.guest_id,
                cells: [
                  <span key="g" className="inline-flex items-center gap-1.5">
                    {guestLink(g.guest_id, g.name)} <span className="text-slate-500">({g.vmid})</span>
                    {g.critical ? (
                      <span className="inline-flex items-center gap-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
                        <Star className="h-3 w-3" aria-hidden="true" />
                        {t('critical.badge')}
                      </span>
                    ) : null}
                  </span>,
                  hostOf(g.host_id),
                  g.last_backup_at ? formatDateTime(g.last_backup_at, language) : t('coverage.never'),
                ],
              }))}
            />
          </Section>
          <Section
            title={t('coverage.notBackedUp')}
            hint={t('coverage.notBackedUpHint')}
            isEmpty={data.not_backed_up_pve.length === 0}
            emptyText={t('coverage.notBackedUpEmpty')}
            testId="coverage-pve"
          >
            <DataTable
              caption={t('coverage.notBackedUp')}
              headers={[t('coverage.columns.guest'), t('coverage.columns.type'), t('coverage.columns.host')]}
              rowTestId="coverage-pve-row"
              testId="coverage-pve-table"
              rows={data.not_backed_up_pve.map((g) => ({
                key: `${g.host_id}|${g.vmid}`,
                cells: [
                  <span key="g">
                    {guestLink(g.guest_id, g.name ?? String(g.vmid))} <span className="text-slate-500">({g.vmid})</span>
                  </span>,
                  g.type === 'qemu' ? 'VM' : 'CT',
                  hostOf(g.host_id),
                ],
              }))}
            />
          </Section>
          <Section
            title={t('coverage.failed', { n: data.hours })}
            isEmpty={data.failed_jobs.length === 0}
            emptyText={t('coverage.failedEmpty', { n: data.hours })}
            testId="coverage-failed"
          >
            <DataTable
              caption={t('coverage.failed', { n: data.hours })}
              headers={[
                t('coverage.columns.job'),
                t('coverage.columns.guest'),
                t('coverage.columns.ended'),
                t('coverage.columns.error'),
              ]}
              rowTestId="coverage-failed-row"
              testId="coverage-failed-table"
              rows={data.failed_jobs.map((task) => ({
                key: task.id,
                cells: [
                  t(`coverage.jobKinds.${task.kind}`, { defaultValue: task.kind }),
                  typeof task.params.name === 'string'
                    ? guestLink(task.target.guest_id, task.params.name)
                    : hostOf(task.target.host_id),
                  formatDateTime(task.ended_at ?? task.created_at, language),
                  <span key="e" className="break-words text-red-700 dark:text-red-400">
                    {task.error ?? ''}
                  </span>,
                ],
              }))}
            />
          </Section>
        </>
      )}
    </div>
  );
}
