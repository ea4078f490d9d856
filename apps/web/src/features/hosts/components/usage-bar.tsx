import type { PbsDatastoreSummary } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { formatBytes } from '@/lib/format-bytes';
import { formatDateTime, usedPercent } from '@/lib/format-instant';

/** Amber from 80 % used, red from 90 %. */
const tone = (share: number) => (share >= 90 ? 'bg-red-500' : share >= 80 ? 'bg-amber-500' : 'bg-emerald-500');

/**
 * A datastore's usage: a bar (a meter for screen readers), "used of total (share)", and when it fills up at its
 * last 30 days' pace; or why the PBS could not read it.
 */
export function DatastoreUsage({ store, compact = false }: { store: PbsDatastoreSummary; compact?: boolean }) {
  const { t, i18n } = useTranslation('hosts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const share = usedPercent(store.used, store.total);
  const percent = share === null ? null : new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(share);
  return (
    <div className="space-y-1" data-testid="datastore-usage" data-store={store.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium" dir="ltr">
          {store.name}
        </span>
        <span className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
          {share === null
            ? t('pbs.usageUnknown')
            : t('pbs.usage', { used: formatBytes(store.used, language), total: formatBytes(store.total, language), percent })}
        </span>
      </div>
      <div
        role="meter"
        aria-label={t('pbs.usageLabel', { name: store.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share === null ? undefined : Math.round(share)}
        aria-valuetext={percent === null ? t('pbs.usageUnknown') : `${percent} %`}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        {share === null ? null : <div className={cn('h-full rounded-full', tone(share))} style={{ width: `${share}%` }} />}
      </div>
      {store.error ? (
        <p className="text-xs break-words text-red-700 dark:text-red-400">{store.error}</p>
      ) : compact ? null : (
        <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="datastore-forecast">
          {store.forecast_full_at
            ? t('pbs.forecast', { when: formatDateTime(store.forecast_full_at, language) })
            : t('pbs.noForecast')}
        </p>
      )}
    </div>
  );
}
