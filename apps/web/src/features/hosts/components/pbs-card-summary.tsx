import type { Host } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { DatastoreUsage } from './usage-bar';

/** Datastores shown on a dashboard card; the PBS page lists them all. */
const SHOWN = 3;

/**
 * The dashboard card of a Proxmox Backup Server (added to the host card's tools): its version, its datastores' usage
 * as last polled, and its failed tasks of the last day. Takes a whole row of the card, first.
 */
export function PbsCardSummary({ host }: { host: Host }) {
  const { t } = useTranslation('hosts');
  const pbs = host.pbs;
  return (
    <div className="order-first min-w-0 basis-full space-y-2" data-testid="pbs-card">
      <p className="text-xs font-medium text-slate-600 dark:text-slate-300">
        {t('pbs.kind')}
        {host.pve_version ? ` · ${host.pve_version}` : ''}
      </p>
      {!pbs ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('pbs.notRead')}</p>
      ) : pbs.datastores.length === 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('pbs.noDatastore')}</p>
      ) : (
        <>
          {pbs.datastores.slice(0, SHOWN).map((store) => (
            <DatastoreUsage key={store.name} store={store} compact />
          ))}
          {pbs.datastores.length > SHOWN ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('pbs.moreDatastores', { n: pbs.datastores.length - SHOWN })}
            </p>
          ) : null}
        </>
      )}
      {pbs && pbs.failed_tasks_24h ? (
        <p className="text-xs font-medium text-red-700 dark:text-red-400" data-testid="pbs-failed-tasks">
          {t('pbs.failedTasks', { n: pbs.failed_tasks_24h })}
        </p>
      ) : null}
    </div>
  );
}
