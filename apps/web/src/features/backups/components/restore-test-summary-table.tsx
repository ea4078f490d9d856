import type { RestoreTestSummaryItem } from '@proxai/contract';
import { Play, Star } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useHosts } from '@/lib/fleet-reads';
import { formatDateTime } from '@/lib/format-instant';
import { formatSeconds } from '../format';
import { DataTable } from './data-table';
import { RtoSparkline } from './rto-sparkline';
import { StatusBadge } from './status-badge';

/** Critical guests first, then the ones whose last test did not pass, then by name. */
function byConcern(a: RestoreTestSummaryItem, b: RestoreTestSummaryItem): number {
  const rank = (i: RestoreTestSummaryItem) => (i.critical ? 0 : 2) + (i.last_status === 'passed' ? 1 : 0);
  return rank(a) - rank(b) || a.name.localeCompare(b.name);
}

/**
 * One row per guest that is tested, scheduled or critical: its last result and when, its last RTO and their trend,
 * its next scheduled test, and a button to test it now.
 */
export function RestoreTestSummaryTable({
  items,
  onRun,
}: {
  items: readonly RestoreTestSummaryItem[];
  /** Run a test of this guest now (members who may). */
  onRun?: (guestId: string) => void;
}) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const hosts = useHosts();
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const sorted = useMemo(() => [...items].sort(byConcern), [items]);
  return (
    <DataTable
      caption={t('summary.caption')}
      headers={[
        t('summary.columns.guest'),
        t('summary.columns.last'),
        t('summary.columns.rto'),
        t('summary.columns.trend'),
        t('summary.columns.next'),
        ...(onRun ? [t('summary.columns.actions')] : []),
      ]}
      testId="summary-table"
      rowTestId="summary-row"
      rows={sorted.map((item) => ({
        key: item.guest_id,
        cells: [
          <span key="g" className="inline-flex flex-wrap items-center gap-1.5">
            <Link to={`/vms/${item.guest_id}?tab=restore-tests`} className="text-brand-700 underline dark:text-brand-500">
              {item.name}
            </Link>
            <span className="text-slate-500">({item.vmid})</span>
            {item.critical ? (
              <span
                className="inline-flex items-center gap-0.5 text-xs font-medium text-amber-700 dark:text-amber-400"
                data-testid="summary-critical"
              >
                <Star className="h-3 w-3" aria-hidden="true" />
                {t('critical.badge')}
              </span>
            ) : null}
            <span className="block w-full text-xs text-slate-500 dark:text-slate-400">{hostNames.get(item.host_id) ?? ''}</span>
          </span>,
          item.last_status ? (
            <span key="l" className="space-y-0.5">
              <StatusBadge status={item.last_status} />
              <span className="block text-xs text-slate-500 dark:text-slate-400">{formatDateTime(item.last_at, language)}</span>
            </span>
          ) : (
            <span key="l" className="text-slate-500 dark:text-slate-400">
              {t('summary.never')}
            </span>
          ),
          <span key="r" className="tabular-nums">
            {formatSeconds(item.last_rto_seconds, t, language)}
          </span>,
          <RtoSparkline key="t" trend={item.rto_trend} />,
          item.next_scheduled_at ? formatDateTime(item.next_scheduled_at, language) : t('summary.notScheduled'),
          ...(onRun
            ? [
                <Button
                  key="run"
                  variant="ghost"
                  size="sm"
                  onClick={() => onRun(item.guest_id)}
                  aria-label={t('summary.runLabel', { name: item.name })}
                  data-testid="summary-run"
                >
                  <Play className="h-4 w-4" aria-hidden="true" />
                  {t('summary.run')}
                </Button>,
              ]
            : []),
        ],
      }))}
    />
  );
}
