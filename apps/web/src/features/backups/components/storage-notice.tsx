import type { BackupCoverage, BackupStorageRead, Host } from '@proxai/contract';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-instant';

/**
 * Proxmox silently leaves out the backups a token may not see: this names the storages the last refresh could not
 * read (with the host's name when there are several hosts), so an empty list is never taken for "no backup".
 */
export function StorageNotice({ storages, hosts }: { storages: readonly BackupStorageRead[]; hosts?: readonly Host[] }) {
  const { t } = useTranslation('backups');
  const unreadable = storages.filter((s) => !s.readable);
  if (storages.length === 0) return null;
  if (unreadable.length === 0) {
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="storages-readable">
        {t('storages.allReadable', { list: storages.map((s) => s.storage).join(', ') })}
      </p>
    );
  }
  const hostName = (id: string) => hosts?.find((h) => h.id === id)?.name;
  const names = unreadable.map((s) => {
    const host = hostName(s.host_id);
    return host && (hosts?.length ?? 0) > 1 ? `${s.storage} (${host})` : s.storage;
  });
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="storages-unreadable"
    >
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{t('storages.unreadable', { n: unreadable.length, list: names.join(', ') })}</p>
        <p>{t('storages.unreadableText')}</p>
        <ul className="list-inside list-disc text-xs">
          {unreadable
            .filter((s) => s.error)
            .map((s) => (
              <li key={`${s.host_id}|${s.storage}`}>
                <span dir="ltr">{s.storage}</span>: {s.error}
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * What each host's token could see at the last inventory refresh: a host whose token lacks VM.Audit (guests' backups
 * left out without a word), Datastore.Audit (storages refused) or VM.Backup, or whose refresh failed, is named with
 * why; otherwise one line says when each host was read.
 */
export function InventoryHostsNotice({
  inventory,
  hosts,
}: {
  inventory: BackupCoverage['inventory_hosts'];
  hosts?: readonly Host[];
}) {
  const { t, i18n } = useTranslation('backups');
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (inventory.length === 0) return null;
  const name = (id: string) => hosts?.find((h) => h.id === id)?.name ?? '';
  const problems = inventory.flatMap((h) => {
    const host = name(h.host_id);
    return [
      ...(h.last_error ? [t('inventoryHosts.error', { host, error: h.last_error })] : []),
      ...(h.can_audit_guests === false ? [t('inventoryHosts.noGuestAudit', { host })] : []),
      ...(h.can_audit_storage === false ? [t('inventoryHosts.noStorageAudit', { host })] : []),
      ...(h.can_backup === false ? [t('inventoryHosts.noBackup', { host })] : []),
    ];
  });
  const read = inventory
    .map((h) =>
      h.refreshed_at
        ? t('inventoryHosts.readAt', { host: name(h.host_id), time: formatDateTime(h.refreshed_at, language) })
        : t('inventoryHosts.notRead', { host: name(h.host_id) }),
    )
    .join(' · ');
  return (
    <div className="space-y-2" data-testid="inventory-hosts">
      {problems.length > 0 ? (
        <ul
          role="status"
          className="list-inside list-disc rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="inventory-problems"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">{read}</p>
    </div>
  );
}
