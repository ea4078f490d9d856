import { RESTORE_TEST_STATUSES, type RestoreTestStatus } from '@proxai/contract';
import { FlaskConical } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label, Select } from '@/components/ui/input';
import { LoadingRows } from '@/components/ui/load-states';
import { useRestoreTests } from '../api/list-restore-tests';
import { formatDateTime } from '@/lib/format-instant';
import { formatSeconds } from '../format';
import { DataTable, TableCard } from './data-table';
import { QueryProblem } from './query-problem';
import { StatusBadge } from './status-badge';

/**
 * The restore tests, newest first (of one guest, or all): when, guest, result, RTO and the reason of a failure or a
 * skip, each linking to its details; filtered by result, a page at a time.
 */
export function RestoreTestHistory({ guestId }: { guestId?: string }) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const [status, setStatus] = useState<RestoreTestStatus | ''>('');
  const list = useRestoreTests({ guestId, status: status || undefined });
  const tests = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  return (
    <div className="space-y-3">
      <div className="w-56">
        <Label htmlFor={`${id}-status`}>{t('history.status')}</Label>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(e) => setStatus(e.target.value as RestoreTestStatus | '')}
          data-testid="history-status"
        >
          <option value="">{t('history.anyStatus')}</option>
          {RESTORE_TEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      {list.isPending ? (
        <LoadingRows label={t('loading')} rows={4} className="h-10" testId="history" />
      ) : list.isError ? (
        <QueryProblem error={list.error} message={t('history.loadError')} onRetry={() => void list.refetch()} testId="history" />
      ) : tests.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-8 text-center" data-testid="history-empty">
          <FlaskConical className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium">{t(status ? 'history.emptyFiltered' : 'history.empty')}</p>
          {status ? null : <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{t('history.emptyText')}</p>}
        </Card>
      ) : (
        <TableCard>
          <DataTable
            caption={t('history.caption')}
            headers={[
              t('history.columns.when'),
              ...(guestId ? [] : [t('history.columns.guest')]),
              t('history.columns.result'),
              t('history.columns.rto'),
              t('history.columns.reason'),
              t('history.columns.details'),
            ]}
            testId="history-table"
            rowTestId="history-row"
            rows={tests.map((test) => ({
              key: test.id,
              cells: [
                <time key="w" dateTime={test.created_at} className="whitespace-nowrap">
                  {formatDateTime(test.created_at, language)}
                </time>,
                ...(guestId
                  ? []
                  : [
                      <span key="g">
                        {test.guest_id ? (
                          <Link to={`/vms/${test.guest_id}`} className="text-brand-700 underline dark:text-brand-500">
                            {test.guest_name}
                          </Link>
                        ) : (
                          test.guest_name
                        )}{' '}
                        <span className="text-slate-500">({test.vmid})</span>
                      </span>,
                    ]),
                <StatusBadge key="s" status={test.status} />,
                <span key="r" className="tabular-nums">
                  {formatSeconds(test.rto_seconds, t, language)}
                </span>,
                <span key="why" className="break-words text-slate-600 dark:text-slate-300">
                  {test.reason ?? ''}
                </span>,
                <Link
                  key="d"
                  to={`/restore-tests/${test.id}`}
                  className="text-brand-700 underline dark:text-brand-500"
                  aria-label={t('history.detailsLabel', {
                    name: test.guest_name,
                    time: formatDateTime(test.created_at, language),
                  })}
                  data-testid="history-details"
                >
                  {t('history.details')}
                </Link>,
              ],
            }))}
          />
          {list.hasNextPage ? (
            <div className="border-t border-slate-200 p-3 text-center dark:border-slate-800">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                isLoading={list.isFetchingNextPage}
                data-testid="history-more"
              >
                {t('history.more')}
              </Button>
            </div>
          ) : null}
        </TableCard>
      )}
    </div>
  );
}
