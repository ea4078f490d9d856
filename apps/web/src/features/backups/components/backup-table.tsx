import type { Backup } from '@proxai/contract';
import { Lock, RotateCcw, ShieldCheck } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format-bytes';
import { formatDateTime } from '@/lib/format-instant';
import { VerifyState } from './status-badge';

export interface BackupTableProps {
  backups: readonly Backup[];
  hostNames: ReadonlyMap<string, string>;
  showGuest: boolean;
  /** Restore a backup (members who may); without it there is no action column. */
  onRestore?: (backup: Backup) => void;
  caption: string;
}

const CELL = 'px-3 py-2 align-top';

/** The backups listed, newest first: when, guest, where, format, size, verification, encryption and protection, notes. */
export const BackupTable = memo(function BackupTable({ backups, hostNames, showGuest, onRestore, caption }: BackupTableProps) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm" data-testid="backup-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
          <tr>
            <th scope="col" className={`${CELL} text-start`}>
              {t('inventory.columns.time')}
            </th>
            {showGuest ? (
              <th scope="col" className={`${CELL} text-start`}>
                {t('inventory.columns.guest')}
              </th>
            ) : null}
            <th scope="col" className={`${CELL} text-start`}>
              {t('inventory.columns.where')}
            </th>
            <th scope="col" className={`${CELL} text-start`}>
              {t('inventory.columns.format')}
            </th>
            <th scope="col" className={`${CELL} text-end`}>
              {t('inventory.columns.size')}
            </th>
            <th scope="col" className={`${CELL} text-start`}>
              {t('inventory.columns.verify')}
            </th>
            <th scope="col" className={`${CELL} text-start`}>
              {t('inventory.columns.notes')}
            </th>
            {onRestore ? (
              <th scope="col" className={`${CELL} text-end`}>
                <span className="sr-only">{t('inventory.columns.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {backups.map((b) => {
            const when = formatDateTime(b.backup_time, language);
            return (
              <tr key={b.id} data-testid="backup-row" data-volid={b.volid}>
                <td className={`${CELL} whitespace-nowrap`}>
                  <time dateTime={b.backup_time}>{when}</time>
                </td>
                {showGuest ? (
                  <td className={CELL}>
                    {b.guest_id ? (
                      <Link to={`/vms/${b.guest_id}`} className="text-brand-700 underline dark:text-brand-500">
                        {b.guest_name ?? b.vmid}
                      </Link>
                    ) : (
                      <span>{t('inventory.unknownGuest')}</span>
                    )}{' '}
                    <span className="text-slate-500 dark:text-slate-400">({b.vmid})</span>
                  </td>
                ) : null}
                <td className={CELL}>
                  <span dir="ltr" className="font-medium">
                    {b.storage ?? b.datastore}
                  </span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {hostNames.get(b.host_id) ?? ''} · {t(`inventory.source.${b.source}`)}
                  </span>
                </td>
                <td className={CELL}>
                  <span dir="ltr">{b.format}</span>
                </td>
                <td className={`${CELL} text-end whitespace-nowrap tabular-nums`}>{formatBytes(b.size_bytes, language)}</td>
                <td className={CELL}>
                  <VerifyState state={b.verify_state} />
                  <span className="mt-0.5 flex gap-1.5">
                    {b.encrypted ? (
                      <span
                        className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300"
                        data-testid="backup-encrypted"
                      >
                        <Lock className="h-3 w-3" aria-hidden="true" />
                        {t('inventory.encrypted')}
                      </span>
                    ) : null}
                    {b.protected ? (
                      <span
                        className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300"
                        data-testid="backup-protected"
                      >
                        <ShieldCheck className="h-3 w-3" aria-hidden="true" />
                        {t('inventory.protected')}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className={`${CELL} max-w-[16rem] truncate`} title={b.notes ?? undefined}>
                  {b.notes ?? ''}
                </td>
                {onRestore ? (
                  <td className={`${CELL} text-end`}>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onRestore(b)}
                      aria-label={t('inventory.restoreLabel', { name: b.guest_name ?? b.vmid, time: when })}
                      data-testid="backup-restore"
                    >
                      <RotateCcw className="h-4 w-4" aria-hidden="true" />
                      {t('inventory.restore')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
