import { Archive, FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabList, tabPanelProps, useAddressTab } from '@/components/ui/tabs';
import { getStoredUser } from '@/lib/auth-storage';
import { useVm } from '@/lib/fleet-reads';
import { backupPermissions } from './backups-permissions';
import { GuestBackupsTab } from './components/guest-backups-tab';
import { GuestRestoreTestsTab } from './components/guest-restore-tests-tab';

const TABS = [
  { id: 'backups', icon: Archive },
  { id: 'restore-tests', icon: FlaskConical },
] as const;
const TAB_IDS = TABS.map((t) => t.id);

/**
 * The guest page's Backups and Restore tests tabs (src/app puts them under the monitoring feature's guest page). The
 * tab is in the address (`?tab=restore-tests`). Nothing is shown until the guest is known (the page above says why).
 */
export function GuestBackupTabs({ guestId }: { guestId: string }) {
  const { t } = useTranslation('backups');
  const [tab, select] = useAddressTab(TAB_IDS, 'backups');
  const [permissions] = useState(() => backupPermissions(getStoredUser()?.org_role));
  const guest = useVm(guestId).data;
  const baseId = useId();
  if (!guest) return null;
  return (
    <section className="space-y-4" aria-label={t('guest.sectionLabel', { name: guest.name })} data-testid="guest-backup-tabs">
      <TabList
        tabs={TABS.map(({ id, icon }) => ({ id, icon, label: t(`guest.tabs.${id}`) }))}
        selected={tab}
        onSelect={select}
        label={t('guest.sectionLabel', { name: guest.name })}
        baseId={baseId}
      />
      <div {...tabPanelProps(baseId, tab)}>
        {tab === 'backups' ? (
          <GuestBackupsTab guest={guest} permissions={permissions} />
        ) : (
          <GuestRestoreTestsTab guest={guest} permissions={permissions} />
        )}
      </div>
    </section>
  );
}
