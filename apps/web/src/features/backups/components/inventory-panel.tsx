import type { Backup } from '@proxai/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Select } from '@/components/ui/input';
import { useHosts, useVms } from '@/lib/fleet-reads';
import type { BackupFilter } from '../api/backups-path';
import { useBackups } from '../api/list-backups';
import { BackupList } from './backup-list';
import { RestoreDialog } from './restore-dialog';
import { StorageNotice } from './storage-notice';

/** "Since" choices, in hours (0: any time). */
const SINCE_HOURS = [0, 24, 24 * 7, 24 * 30, 24 * 90] as const;

/** The instant `hours` ago, to the minute (so the query key stays the same for a minute). */
function sinceIso(hours: number): string | undefined {
  if (hours === 0) return undefined;
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return new Date(minute - hours * 3_600_000).toISOString();
}

/**
 * Every backup of the fleet, newest first, filtered by host, guest and age: a page at a time (Load more), with the
 * storages the token could not read named above, and a restore per backup for members who may.
 */
export function InventoryPanel({ canRestore, canRestoreOriginal }: { canRestore: boolean; canRestoreOriginal: boolean }) {
  const { t } = useTranslation('backups');
  const id = useId();
  const hosts = useHosts();
  const guests = useVms();
  const [hostId, setHostId] = useState('');
  const [guestId, setGuestId] = useState('');
  const [sinceHours, setSinceHours] = useState<number>(0);
  const filter = useMemo<BackupFilter>(
    () => ({ hostId: hostId || undefined, guestId: guestId || undefined, since: sinceIso(sinceHours) }),
    [hostId, guestId, sinceHours],
  );
  const list = useBackups(filter);
  const [restoring, setRestoring] = useState<Backup | null>(null);

  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);
  const guestChoices = useMemo(
    () => (guests.data ?? []).filter((g) => !hostId || g.host_id === hostId).sort((a, b) => a.name.localeCompare(b.name)),
    [guests.data, hostId],
  );
  const backups = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const storages = list.data?.pages[0]?.readable_storages ?? [];
  const restoringGuest = restoring?.guest_id ? (guests.data?.find((g) => g.id === restoring.guest_id) ?? null) : null;
  const nodes = useMemo(
    () => [...new Set((guests.data ?? []).filter((g) => g.host_id === restoring?.host_id).map((g) => g.node))].sort(),
    [guests.data, restoring],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t('inventory.filters')}>
        <div className="w-48">
          <Label htmlFor={`${id}-host`}>{t('inventory.host')}</Label>
          <Select
            id={`${id}-host`}
            value={hostId}
            onChange={(e) => {
              setHostId(e.target.value);
              setGuestId('');
            }}
            data-testid="filter-host"
          >
            <option value="">{t('inventory.allHosts')}</option>
            {(hosts.data ?? []).map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-64">
          <Label htmlFor={`${id}-guest`}>{t('inventory.guest')}</Label>
          <Select id={`${id}-guest`} value={guestId} onChange={(e) => setGuestId(e.target.value)} data-testid="filter-guest">
            <option value="">{t('inventory.allGuests')}</option>
            {guestChoices.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({g.vmid})
              </option>
            ))}
          </Select>
        </div>
        <div className="w-48">
          <Label htmlFor={`${id}-since`}>{t('inventory.since')}</Label>
          <Select
            id={`${id}-since`}
            value={sinceHours}
            onChange={(e) => setSinceHours(Number(e.target.value))}
            data-testid="filter-since"
          >
            {SINCE_HOURS.map((h) => (
              <option key={h} value={h}>
                {h === 0
                  ? t('inventory.anyTime')
                  : h <= 24
                    ? t('inventory.lastHours', { n: h })
                    : t('inventory.lastDays', { n: h / 24 })}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <StorageNotice storages={storages} hosts={hosts.data} />
      <BackupList
        list={list}
        backups={backups}
        testId="backups"
        loadingRows={6}
        empty={{
          title: t('inventory.empty'),
          text: t(hostId || guestId || sinceHours ? 'inventory.emptyFiltered' : 'inventory.emptyText'),
        }}
        hostNames={hostNames}
        showGuest
        onRestore={canRestore ? setRestoring : undefined}
        caption={t('inventory.caption')}
      />
      <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="backups-count">
        {backups.length > 0 ? t(list.hasNextPage ? 'inventory.shownMore' : 'inventory.shown', { n: backups.length }) : ''}
      </p>
      {restoring ? (
        <RestoreDialog
          backup={restoring}
          guest={restoringGuest}
          nodes={nodes}
          canRestoreOriginal={canRestoreOriginal}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </div>
  );
}
