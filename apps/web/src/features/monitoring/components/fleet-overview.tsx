import type { StorageForecast, TopGuest } from '@proxai/contract';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useOverview } from '../api/collection';
import { formatBytes } from '@/lib/format-bytes';
import { formatValue } from '../format';

// The dashboard's fleet overview (composed by src/app: features never import each other). It imports no chart
// library: the dashboard stays light; the bars are plain elements.

const SHOWN = 5;

function Bar({ ratio, tone }: { ratio: number | null; tone: string }) {
  const width = ratio === null ? 0 : Math.min(100, Math.max(0, ratio * 100));
  return (
    <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
      <span className={`block h-full rounded-full ${tone}`} style={{ width: `${width}%` }} />
    </span>
  );
}

function GuestLine({ guest, value, ratio, tone }: { guest: TopGuest; value: string; ratio: number | null; tone: string }) {
  return (
    <li className="space-y-1" data-testid="overview-guest">
      <span className="flex items-baseline justify-between gap-2 text-sm">
        <Link to={`/vms/${guest.guest_id}`} className="truncate hover:underline">
          {guest.name}
        </Link>
        <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-300">{value}</span>
      </span>
      <Bar ratio={ratio} tone={tone} />
    </li>
  );
}

function StorageLine({ storage, language }: { storage: StorageForecast; language: string }) {
  const { t } = useTranslation('monitoring');
  const days = storage.days_until_full;
  const ratio = storage.used_bytes !== null && storage.total_bytes ? storage.used_bytes / storage.total_bytes : null;
  return (
    <li className="space-y-1" data-testid="overview-storage">
      <span className="flex items-baseline justify-between gap-2 text-sm">
        <Link to={`/hosts/${storage.host_id}`} className="truncate hover:underline">
          {storage.name} <span className="text-slate-500 dark:text-slate-400">({storage.node})</span>
        </Link>
        <span className="shrink-0 font-medium text-red-700 tabular-nums dark:text-red-300">
          {days !== null && days <= 0 ? t('overview.fullNow') : t('overview.fullIn', { days: Math.ceil(days ?? 0) })}
        </span>
      </span>
      <Bar ratio={ratio} tone="bg-red-500" />
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {storage.used_bytes !== null && storage.total_bytes !== null
          ? `${formatBytes(storage.used_bytes, language)} / ${formatBytes(storage.total_bytes, language)}`
          : '—'}
        {storage.growth_bytes_per_day !== null ? ` · +${formatBytes(storage.growth_bytes_per_day, language)}/d` : ''}
      </span>
    </li>
  );
}

/** Top consumers of CPU and memory (newest samples) and the storages that will be full within 30 days. */
export function FleetOverview() {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const overview = useOverview();
  const data = overview.data;

  return (
    <section aria-labelledby="fleet-overview-title" className="space-y-3" data-testid="fleet-overview">
      <h2 id="fleet-overview-title" className="flex items-center gap-2 text-lg font-semibold">
        <Activity className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {t('overview.title')}
      </h2>
      {overview.isPending ? (
        <LoadingRows label={t('loading')} rows={1} className="h-32" testId="overview" />
      ) : overview.isError ? (
        <LoadError
          message={t('overview.loadError')}
          error={overview.error}
          retryLabel={t('retry')}
          onRetry={() => void overview.refetch()}
          testId="overview"
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <Card className="space-y-3 p-4">
            <h3 className="text-sm font-semibold">
              {t('overview.topConsumers')} · {t('overview.metric.cpu')}
            </h3>
            {data!.top_cpu.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('overview.noConsumers')}</p>
            ) : (
              <ul className="space-y-2" data-testid="overview-cpu">
                {data!.top_cpu.slice(0, SHOWN).map((g) => (
                  <GuestLine
                    key={g.guest_id}
                    guest={g}
                    value={formatValue('percent', g.cpu_percent, language)}
                    ratio={g.cpu_percent === null ? null : g.cpu_percent / 100}
                    tone="bg-brand-500"
                  />
                ))}
              </ul>
            )}
          </Card>
          <Card className="space-y-3 p-4">
            <h3 className="text-sm font-semibold">
              {t('overview.topConsumers')} · {t('overview.metric.memory')}
            </h3>
            {data!.top_memory.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('overview.noConsumers')}</p>
            ) : (
              <ul className="space-y-2" data-testid="overview-memory">
                {data!.top_memory.slice(0, SHOWN).map((g) => (
                  <GuestLine
                    key={g.guest_id}
                    guest={g}
                    value={`${formatValue('bytes', g.mem_bytes, language)}${g.memory_source === 'guest_agent' ? '' : ' *'}`}
                    ratio={g.mem_bytes !== null && g.maxmem_bytes ? g.mem_bytes / g.maxmem_bytes : null}
                    tone="bg-sky-500"
                  />
                ))}
              </ul>
            )}
            {data!.top_memory.some((g) => g.memory_source !== 'guest_agent') ? (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('overview.memoryNote')}</p>
            ) : null}
          </Card>
          <Card className="space-y-3 p-4">
            <h3 className="text-sm font-semibold">{t('overview.storageFilling')}</h3>
            {data!.filling_storages.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="overview-no-storage">
                {t('overview.noStorageFilling')}
              </p>
            ) : (
              <ul className="space-y-3">
                {data!.filling_storages.map((s) => (
                  <StorageLine key={s.storage_id} storage={s} language={language} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </section>
  );
}
