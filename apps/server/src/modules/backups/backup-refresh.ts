import type { JobDeps } from '../../jobs/pve-task';
import type { HostRow } from '../hosts/hosts.repository';
import { clusterReader, refreshBackupInventory } from './backup-inventory';

/**
 * Right after a backup task of the portal ends, the inventory of its hosts is read again (and of the node that
 * reads their cluster's shared storages, a PBS storage among them), so the new backups show at once rather than
 * at the next 15-minute refresh. Never fails the task that asked.
 */
export async function refreshAfterBackup(deps: JobDeps, hosts: readonly HostRow[]): Promise<void> {
  const ids = new Set<string>();
  for (const host of hosts) {
    ids.add(host.id);
    const { reader } = await clusterReader(deps, host).catch(() => ({ reader: host }));
    ids.add(reader.id);
  }
  for (const id of ids) {
    await refreshBackupInventory(deps, id).catch((err: unknown) =>
      deps.log.warn({ err, hostId: id }, 'refreshing the backup inventory after a backup failed'),
    );
  }
}
