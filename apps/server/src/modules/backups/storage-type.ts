import type { JobDeps } from '../../jobs/pve-task';
import { pooledClient } from '../pve/client-pool';
import type { HostRow } from '../hosts/hosts.repository';
import { connectSettings, targetOf } from '../pve/pve-connection';
import { secretBoxFor } from '../pve/secret-box';
import { knownStorageType } from './backups.repository';

/**
 * A PVE storage's type ('pbs', 'dir', 'nfs'…) by its id: as the inventory last recorded it, else as the first of
 * `hosts` lists it now; undefined when neither knows it (the storage's use then fails with Proxmox's own words).
 */
export async function storageTypeOf(
  deps: JobDeps,
  organisationId: string,
  storage: string,
  hosts: readonly HostRow[],
): Promise<string | undefined> {
  const known = await knownStorageType(deps.db, organisationId, storage);
  if (known) return known;
  const host = hosts.find((h) => h.type !== 'pbs');
  if (!host) return undefined;
  try {
    const client = pooledClient(host, () => targetOf(host, secretBoxFor(deps.config, deps.log)), connectSettings(deps.config));
    const list = await client.storageList(host.pveNode, { storage });
    return list.find((s) => s.storage === storage)?.type;
  } catch {
    return undefined;
  }
}
