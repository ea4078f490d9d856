import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useCollection } from '../api/all-collection';

/**
 * How each host is collected: its guest-agent budget and its use, how long every VM takes to be read once, how many
 * VMs have an agent, and its history backfill.
 */
export function CollectionTable() {
  const { t } = useTranslation('monitoring');
  const collection = useCollection();
  return (
    <Card className="space-y-3" data-testid="collection-table">
      <h2 className="text-lg font-semibold">{t('collection.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.collectionText')}</p>
      {collection.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-8" testId="collection" />
      ) : collection.isError ? (
        <LoadError
          message={t('settings.collectionError')}
          error={collection.error}
          retryLabel={t('retry')}
          onRetry={() => void collection.refetch()}
          testId="collection"
        />
      ) : collection.data.hosts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.noHosts')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{t('collection.title')}</caption>
            <thead className="bg-slate-100 dark:bg-slate-800">
              <tr>
                {(['host', 'agentReads', 'cycle', 'withAgent', 'withoutAgent', 'agentNotRunning', 'backfill'] as const).map(
                  (c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-start font-medium">
                      {c === 'host' ? t('facts.host') : t(`collection.${c}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {collection.data.hosts.map((h) => (
                <tr key={h.host_id} className="border-t border-slate-100 dark:border-slate-800" data-testid="collection-row">
                  <th scope="row" className="px-3 py-2 text-start font-medium">
                    <Link to={`/hosts/${h.host_id}`} className="text-brand-700 underline dark:text-brand-500">
                      {h.name}
                    </Link>
                  </th>
                  <td className="px-3 py-2">
                    {t('collection.perMinute', { reads: h.agent_reads_last_minute, budget: h.agent_budget_per_minute })}
                  </td>
                  <td className="px-3 py-2">{t('collection.minutes', { minutes: h.full_cycle_minutes })}</td>
                  <td className="px-3 py-2">{h.vms_with_agent}</td>
                  <td className="px-3 py-2">{h.vms_without_agent}</td>
                  <td className="px-3 py-2">{h.vms_agent_not_running}</td>
                  <td className="px-3 py-2">
                    {h.backfill
                      ? h.backfill.state === 'running'
                        ? t('collection.backfillProgress', { done: h.backfill.done, total: h.backfill.total })
                        : t(`collection.backfillState.${h.backfill.state}`)
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
