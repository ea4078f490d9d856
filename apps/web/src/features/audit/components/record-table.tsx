import type { AuditPage, AuditRecord } from '@proxai/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useReturnFocus } from '@/lib/use-return-focus';
import { RecordDetailDialog } from './record-detail-dialog';
import { RecordRow } from './record-row';

/**
 * The records loaded so far, newest first, with their loading, empty and error states, a count read out as it
 * changes, "Load older" while the chain goes further back, and a record's detail in a dialog.
 */
export function RecordTable({
  query,
  records,
  isFiltered,
}: {
  query: UseInfiniteQueryResult<InfiniteData<AuditPage>>;
  records: AuditRecord[];
  isFiltered: boolean;
}) {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useReturnFocus(open !== null, headingRef);

  if (query.isPending) return <LoadingRows label={t('loading')} rows={5} className="h-10" testId="audit" />;
  if (query.isError) {
    return (
      <LoadError
        message={t('table.loadError')}
        error={query.error}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
        testId="audit"
      />
    );
  }
  return (
    <section className="space-y-3" aria-labelledby="audit-records-title">
      <h2 id="audit-records-title" ref={headingRef} tabIndex={-1} className="sr-only">
        {t('table.caption')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400" role="status" aria-live="polite" data-testid="audit-count">
        {t('table.count', { count: records.length })}
        {query.hasNextPage ? ` ${t('table.moreAvailable')}` : ''}
      </p>
      {records.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="audit-empty"
        >
          {isFiltered ? t('table.emptyFiltered') : t('table.empty')}
        </p>
      ) : (
        <Card className="overflow-x-auto p-0">
          <table className="w-full text-sm" data-testid="audit-table">
            <caption className="sr-only">{t('table.caption')}</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.time')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  <span aria-hidden="true" title={t('table.seqTitle')}>
                    #
                  </span>
                  <span className="sr-only">{t('table.seqTitle')}</span>
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.actor')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.action')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.target')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.outcome')}
                </th>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('table.ip')}
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">{t('table.details')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record, index) => (
                <RecordRow key={`${record.seq ?? 'n'}-${index}`} record={record} onOpen={() => setOpen(record)} />
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
          data-testid="audit-more"
        >
          <History className="h-4 w-4" aria-hidden="true" />
          {t('table.more')}
        </Button>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="audit-more-error">
          {t('table.moreError')}
        </p>
      ) : null}
      <RecordDetailDialog record={open} onClose={() => setOpen(null)} />
    </section>
  );
}
