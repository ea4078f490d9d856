import type { Backup } from '@proxai/contract';
import { Archive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingRows } from '@/components/ui/load-states';
import type { useBackups } from '../api/list-backups';
import { BackupTable, type BackupTableProps } from './backup-table';
import { TableCard } from './data-table';
import { QueryProblem } from './query-problem';

interface BackupListProps extends Omit<BackupTableProps, 'backups'> {
  list: ReturnType<typeof useBackups>;
  backups: readonly Backup[];
  /** Prefix of the test ids: `{testId}-empty`, `{testId}-more`, and of the loading and error states. */
  testId: string;
  /** Placeholder rows while the first page loads. */
  loadingRows: number;
  empty: { title: string; text: string };
}

/** A list of backups as it loads: placeholder rows, the error with a retry, the empty state, or the table with "More". */
export function BackupList({ list, backups, testId, loadingRows, empty, ...table }: BackupListProps) {
  const { t } = useTranslation('backups');
  if (list.isPending) return <LoadingRows label={t('loading')} rows={loadingRows} className="h-10" testId={testId} />;
  if (list.isError)
    return (
      <QueryProblem error={list.error} message={t('inventory.loadError')} onRetry={() => void list.refetch()} testId={testId} />
    );
  if (backups.length === 0)
    return (
      <Card className="flex flex-col items-center gap-2 py-8 text-center" data-testid={`${testId}-empty`}>
        <Archive className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium">{empty.title}</p>
        <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{empty.text}</p>
      </Card>
    );
  return (
    <TableCard>
      <BackupTable backups={backups} {...table} />
      {list.hasNextPage ? (
        <div className="border-t border-slate-200 p-3 text-center dark:border-slate-800">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void list.fetchNextPage()}
            isLoading={list.isFetchingNextPage}
            data-testid={`${testId}-more`}
          >
            {t('inventory.more')}
          </Button>
        </div>
      ) : null}
    </TableCard>
  );
}
