import { Monitor } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useHosts, useVm } from '@/lib/fleet-reads';
import { Facts } from './components/facts';
import { GuestTasks } from './components/guest-tasks';
import { MetricsPanel } from './components/metrics-panel';
import { formatBytes } from '@/lib/format-bytes';

/** /vms/{id}: a guest's facts, its history (charts, table, CSV) and its recent tasks. */
export function GuestPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const guest = useVm(id);
  const hosts = useHosts();
  const vm = guest.data;
  const host = vm ? hosts.data?.find((h) => h.id === vm.host_id) : undefined;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} width="max-w-7xl" />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        {guest.isPending ? (
          <LoadingRows label={t('loading')} rows={1} className="h-16" testId="guest" />
        ) : guest.isError ? (
          <LoadError
            message={t('guest.loadError')}
            error={guest.error}
            retryLabel={t('retry')}
            onRetry={() => void guest.refetch()}
            testId="guest"
          />
        ) : !vm ? (
          <p role="alert" className="rounded-lg bg-slate-100 p-4 dark:bg-slate-900" data-testid="guest-not-found">
            {t('guest.notFound')}
          </p>
        ) : (
          <>
            <PageTitle
              icon={Monitor}
              title={vm.name}
              subtitle={t('guest.subtitle', { type: vm.type === 'qemu' ? 'VM' : 'CT', vmid: vm.vmid, node: vm.node })}
            />
            <Card>
              <Facts
                testId="guest-facts"
                items={[
                  { term: t('facts.state'), value: t(`state.${vm.state}`, { defaultValue: vm.state }) },
                  {
                    term: t('facts.host'),
                    value: host ? (
                      <Link to={`/hosts/${host.id}`} className="text-brand-700 underline dark:text-brand-500">
                        {host.name}
                      </Link>
                    ) : (
                      vm.node
                    ),
                  },
                  { term: t('facts.cores'), value: vm.cpu },
                  { term: t('facts.memory'), value: formatBytes(vm.memory * 1024 * 1024, language) },
                  { term: t('facts.disk'), value: formatBytes(vm.storage * 1024 ** 3, language) },
                  { term: t('facts.uptime'), value: uptime(vm.uptime, t) },
                ]}
              />
            </Card>
            <MetricsPanel subject="guest" id={vm.id} name={vm.name} hostId={vm.host_id} />
            <GuestTasks guestId={vm.id} />
          </>
        )}
      </main>
    </div>
  );
}

/** 93784 s → "1 d 2 h"; stopped → "—". */
function uptime(seconds: number, t: (key: string, options: Record<string, number>) => string): string {
  if (seconds <= 0) return '—';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? t('uptime.days', { days, hours }) : t('uptime.hours', { hours, minutes });
}
