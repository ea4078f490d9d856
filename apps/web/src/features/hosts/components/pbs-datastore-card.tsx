import type { PbsDatastoreDetail } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatBytes } from '@/lib/format-bytes';
import { formatDateTime } from '@/lib/format-instant';
import { DatastoreUsage } from './usage-bar';

/** "OK" reads as success; anything else PBS says (WARNINGS: 2, an error text) as a problem. */
export const isOkState = (state: string | null) => state === null || /^ok$/i.test(state.trim());

/**
 * One datastore of a PBS: usage and 30-day forecast, last garbage collection, snapshot and group counts, and its
 * verifications (failed, never verified, the newest failed snapshots).
 */
export function PbsDatastoreCard({ store }: { store: PbsDatastoreDetail }) {
  const { t, i18n } = useTranslation('hosts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const count = (n: number | null) => (n === null ? '—' : new Intl.NumberFormat(language).format(n));
  const facts = [
    { term: t('pbs.snapshots'), value: count(store.snapshot_count) },
    { term: t('pbs.groups'), value: count(store.group_count) },
    {
      term: t('pbs.failedVerifications'),
      value: (
        <span className={store.failed_verifications ? 'text-red-700 dark:text-red-400' : undefined}>
          {count(store.failed_verifications)}
        </span>
      ),
    },
    { term: t('pbs.unverified'), value: count(store.unverified) },
    { term: t('pbs.lastVerify'), value: formatDateTime(store.last_verify_at, language) },
    {
      term: t('pbs.gc'),
      value: store.gc ? (
        <>
          {formatDateTime(store.gc.last_run_at, language)}
          {store.gc.state ? (
            <span
              className={
                isOkState(store.gc.state) ? 'ms-1 text-emerald-700 dark:text-emerald-400' : 'ms-1 text-red-700 dark:text-red-400'
              }
            >
              ({store.gc.state})
            </span>
          ) : null}
        </>
      ) : (
        '—'
      ),
    },
    ...(store.gc && (store.gc.removed_bytes !== null || store.gc.pending_bytes !== null)
      ? [
          {
            term: t('pbs.gcBytes'),
            value: t('pbs.gcBytesValue', {
              removed: formatBytes(store.gc.removed_bytes, language),
              pending: formatBytes(store.gc.pending_bytes, language),
            }),
          },
        ]
      : []),
  ];
  return (
    <Card className="space-y-3" data-testid="pbs-datastore">
      <DatastoreUsage store={store} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {facts.map(({ term, value }) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {store.failed_snapshots.length > 0 ? (
        <div>
          <p className="text-xs font-medium text-red-700 dark:text-red-400">{t('pbs.failedSnapshots')}</p>
          <ul className="mt-1 space-y-0.5 text-xs" data-testid="pbs-failed-snapshots">
            {store.failed_snapshots.map((s) => (
              <li key={`${s.backup_type}/${s.backup_id}/${s.backup_time}`} dir="ltr" className="font-mono">
                {s.backup_type}/{s.backup_id}/{s.backup_time}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
