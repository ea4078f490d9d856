import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHostCollection } from '../api/collection';

/**
 * No value in the range yet: history starts with the next poll; when the host's backfill from Proxmox's rrddata
 * is queued, running or failed, that is said too (never an endless "collecting").
 */
export function CollectionNotice({ hostId }: { hostId: string | undefined }) {
  const { t } = useTranslation('monitoring');
  const collection = useHostCollection(hostId);
  const backfill = collection.data?.backfill;
  const state = backfill?.state;
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700"
      data-testid="metrics-empty"
    >
      <History className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="font-medium">{t('empty.title')}</p>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{t('empty.text')}</p>
      {backfill && state !== 'done' ? (
        <p className="max-w-md text-sm font-medium" role="status" data-testid="backfill-state" data-state={state}>
          {state === 'running'
            ? t('collection.backfilling', { done: backfill.done, total: backfill.total })
            : state === 'failed'
              ? t('collection.failed', { error: backfill.error ?? '—' })
              : t('collection.pending')}
        </p>
      ) : null}
    </div>
  );
}
