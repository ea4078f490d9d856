import type { Backup, Vm } from '@proxai/contract';
import { HardDriveDownload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useHosts, useVms } from '@/lib/fleet-reads';
import { useBackups } from '../api/list-backups';
import type { BackupPermissions } from '../backups-permissions';
import { BackUpNowDialog } from './back-up-now-dialog';
import { BackupList } from './backup-list';
import { RestoreDialog } from './restore-dialog';
import { StorageNotice } from './storage-notice';

/** A guest's backups, newest first, with "Back up now" and a restore per backup for the members who may. */
export function GuestBackupsTab({ guest, permissions }: { guest: Vm; permissions: BackupPermissions }) {
  const { t } = useTranslation('backups');
  const list = useBackups({ guestId: guest.id });
  const hosts = useHosts();
  const guests = useVms();
  const [isBackingUp, setIsBackingUp] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const backups = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const storages = useMemo(() => list.data?.pages[0]?.readable_storages ?? [], [list.data]);
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const nodes = useMemo(
    () => [...new Set((guests.data ?? []).filter((g) => g.host_id === guest.host_id).map((g) => g.node))].sort(),
    [guests.data, guest.host_id],
  );
  const storageChoices = useMemo(
    () => storages.filter((s) => s.host_id === guest.host_id && s.type !== 'datastore').map((s) => s.storage),
    [storages, guest.host_id],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('guest.backupsIntro')}</p>
        {permissions.canBackUp ? (
          <Button onClick={() => setIsBackingUp(true)} data-testid="back-up-now">
            <HardDriveDownload className="h-4 w-4" aria-hidden="true" />
            {t('backUpNow.open')}
          </Button>
        ) : null}
      </div>
      <StorageNotice storages={storages} hosts={hosts.data} />
      <BackupList
        list={list}
        backups={backups}
        testId="guest-backups"
        loadingRows={3}
        empty={{ title: t('guest.noBackup'), text: t('guest.noBackupText') }}
        hostNames={hostNames}
        showGuest={false}
        onRestore={permissions.canRestore ? setRestoring : undefined}
        caption={t('guest.backupsCaption', { name: guest.name })}
      />
      {isBackingUp ? <BackUpNowDialog guest={guest} storages={storageChoices} onClose={() => setIsBackingUp(false)} /> : null}
      {restoring ? (
        <RestoreDialog
          backup={restoring}
          guest={guest}
          nodes={nodes}
          canRestoreOriginal={permissions.canRestoreOriginal}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </div>
  );
}
