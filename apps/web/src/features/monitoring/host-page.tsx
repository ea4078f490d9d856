import { Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useHost } from '@/lib/fleet-reads';
import { useHostGuests } from './api/fleet';
import { CollectionCard } from './components/collection-card';
import { Facts } from './components/facts';
import { MetricsPanel } from './components/metrics-panel';

/** How many of the host's guests are listed under its charts (the dashboard lists them all). */
const GUESTS_SHOWN = 50;

/** /hosts/{id}: a host's facts, its node's history (charts, table, CSV) and links to its guests' pages. */
export function HostPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const hostQuery = useHost(id);
  const guests = useHostGuests(id);
  const host = hostQuery.data;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        {hostQuery.isPending ? (
          <LoadingRows label={t('loading')} rows={1} className="h-16" testId="host" />
        ) : hostQuery.isError ? (
          <LoadError
            message={t('host.loadError')}
            error={hostQuery.error}
            retryLabel={t('retry')}
            onRetry={() => void hostQuery.refetch()}
            testId="host"
          />
        ) : !host ? (
          <p role="alert" className="rounded-lg bg-slate-100 p-4 dark:bg-slate-900" data-testid="host-not-found">
            {t('host.notFound')}
          </p>
        ) : (
          <>
            <PageTitle icon={Server} title={host.name} subtitle={t('host.subtitle', { node: host.pve_node })} />
            <Card>
              <Facts
                testId="host-facts"
                items={[
                  { term: t('facts.status'), value: t(`hostStatus.${host.status}`, { defaultValue: host.status }) },
                  { term: t('facts.node'), value: host.pve_node },
                  { term: t('facts.version'), value: host.pve_version ?? '—' },
                  {
                    term: t('facts.lastSync'),
                    value: host.last_sync_at ? new Date(host.last_sync_at).toLocaleString(language) : '—',
                  },
                  { term: t('facts.guests'), value: guests.data?.length ?? '—' },
                  { term: t('facts.url'), value: host.pve_url },
                ]}
              />
              {host.status !== 'online' && host.last_error ? (
                <p className="mt-3 rounded-md bg-red-50 p-2 text-sm break-words text-red-700 dark:bg-red-950/50 dark:text-red-300">
                  {host.last_error}
                </p>
              ) : null}
            </Card>
            <MetricsPanel subject="node" id={host.id} name={host.name} hostId={host.id} />
            <CollectionCard hostId={host.id} />
            {guests.data && guests.data.length > 0 ? (
              <Card className="space-y-3">
                <h2 className="text-lg font-semibold">{t('host.guests')}</h2>
                <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="host-guests">
                  {guests.data.slice(0, GUESTS_SHOWN).map((vm) => (
                    <li key={vm.id} className="truncate">
                      <Link to={`/vms/${vm.id}`} className="text-brand-700 underline dark:text-brand-500">
                        {vm.name}
                      </Link>{' '}
                      <span className="text-slate-500 dark:text-slate-400">({vm.vmid})</span>
                    </li>
                  ))}
                </ul>
                {guests.data.length > GUESTS_SHOWN ? (
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {t('host.moreGuests', { count: guests.data.length - GUESTS_SHOWN })}
                  </p>
                ) : null}
              </Card>
            ) : null}
          </>
        )}
      </main>
    </div>
  );
}
