import { useParams } from 'react-router';
import { GuestBackupTabs } from '@/features/backups/guest-backup-tabs';
import { GuestPage } from '@/features/monitoring/guest-page';

/**
 * /vms/{id}: the monitoring feature's guest page (facts, charts, tasks), then the backups feature's Backups and
 * Restore tests tabs. Composed here, since features never import each other.
 */
export function GuestScreen() {
  const { id = '' } = useParams();
  return (
    <div className="bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <GuestPage />
      <div className="mx-auto max-w-7xl px-4 pb-10">
        <GuestBackupTabs guestId={id} />
      </div>
    </div>
  );
}
