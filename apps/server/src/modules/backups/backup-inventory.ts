import { isPveError, type BackupVolume, type PbsSnapshot, type PveClient } from '@proxai/pve-client';
import type { BackgroundDeps } from '../../jobs/background';
import { evaluatePrivileges } from '../hosts/host-privileges';
import { pooledClient, pooledPbsClient } from '../pve/client-pool';
import { clusterMembers, findHostById, liveGuestsOfHosts, type HostRow } from '../hosts/hosts.repository';
import { connectSettings, errorContext, targetOf, type ConnectionTarget } from '../pve/pve-connection';
import { lastErrorText, toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { listLiveGuestKeys, type NewBackupRow } from './backups.repository';
import { dropOtherStorages, markStorageUnreadable, replaceStorageBackups, type StorageRead } from './backup-inventory.repository';
import { recordRefresh, type BackupHostRow } from './backup-hosts.repository';
import { readClusterBackupInfo } from './cluster-backup-info';

/**
 * The backup inventory's refresh of one host (DESIGN.md §14): a PVE node's backup storages (ONE content call per
 * storage and cycle; a storage shared by a cluster's nodes is read by one of them), or a PBS's datastores (one
 * snapshot list each). What each storage lists replaces what it listed before; a storage that cannot be read
 * keeps its last rows and says why. PVE silently leaves out the backups of guests the token may not audit, so the
 * token's privileges are recorded with the refresh.
 */

/** How often each host is read (and right after a backup task of the portal on it); sooner after a failure (recordRefresh). */
export const REFRESH_INTERVAL_MS = 15 * 60_000;

/** Rows of one storage as the repository takes them. */
type Row = Omit<NewBackupRow, 'organisationId' | 'hostId' | 'seenAt'>;

export interface RefreshOutcome {
  hostId: string;
  ok: boolean;
  storages: number;
  backups: number;
  error?: string;
}

/** A storage listing can be tens of MB: it gets more time than an ordinary call. */
const listTimeoutMs = (timeoutMs: number) => Math.max(60_000, timeoutMs * 4);

/** Refreshes one host's part of the inventory now and sets when it is next due. */
export async function refreshBackupInventory(deps: BackgroundDeps, hostId: string, now = new Date()): Promise<RefreshOutcome> {
  const host = await findHostById(deps.db, hostId);
  if (!host) return { hostId, ok: false, storages: 0, backups: 0, error: 'the host was removed' };
  const settings = connectSettings(deps.config);
  const next = new Date(now.getTime() + REFRESH_INTERVAL_MS);
  let target: ConnectionTarget;
  try {
    target = targetOf(host, secretBoxFor(deps.config, deps.log));
  } catch {
    const error = "The host's stored credentials cannot be decrypted";
    await recordRefresh(deps.db, host, now, next, { lastError: error }, true);
    return { hostId, ok: false, storages: 0, backups: 0, error };
  }
  const describe = (err: unknown) => lastErrorText(toHostError(err, errorContext(target, settings)));
  try {
    const outcome =
      host.type === 'pbs' ? await refreshPbs(deps, host, target, now) : await refreshPve(deps, host, target, now, describe);
    await recordRefresh(deps.db, host, now, next, { refreshedAt: now, lastError: null, ...outcome.state });
    return { hostId, ok: true, storages: outcome.storages, backups: outcome.backups };
  } catch (err) {
    const error = describe(err);
    await recordRefresh(deps.db, host, now, next, { lastError: error }, true);
    return { hostId, ok: false, storages: 0, backups: 0, error };
  }
}

interface HostOutcome {
  storages: number;
  backups: number;
  state: Partial<BackupHostRow>;
}

/** The first registered node of the cluster that is online (the host itself when standalone): it reads what is shared. */
export async function clusterReader(
  deps: Pick<BackgroundDeps, 'db'>,
  host: HostRow,
): Promise<{ reader: HostRow; members: HostRow[] }> {
  const members = host.clusterName ? await clusterMembers(deps.db, host, host.clusterName, host.clusterNodes ?? []) : [];
  const order = [host, ...members].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return { reader: order.find((h) => h.status === 'online') ?? host, members };
}

async function refreshPve(
  deps: BackgroundDeps,
  host: HostRow,
  target: ConnectionTarget,
  now: Date,
  describe: (err: unknown) => string,
): Promise<HostOutcome> {
  const { db } = deps;
  const settings = connectSettings(deps.config);
  const client = pooledClient(host, () => target, settings);
  const node = host.pveNode;
  const { reader, members } = await clusterReader(deps, host);
  const isReader = reader.id === host.id;
  const [storages, permissions] = await Promise.all([
    client.storageList(node, { content: 'backup' }),
    client.permissions().catch(() => null),
  ]);
  const guestHostIds = [host.id, ...members.map((m) => m.id)];
  // Looked up once, before the storages are read: replaceStorageBackups names the guests a sync added meanwhile.
  const guestOf = new Map((await liveGuestsOfHosts(db, guestHostIds)).map((g) => [`${g.type}:${g.vmid}`, g.id]));
  const kept: string[] = [];
  let total = 0;
  for (const s of storages) {
    if (!s.content.split(',').includes('backup')) continue;
    // A shared storage lists the same backups on every node of the cluster: one node reads it.
    if (s.shared === 1 && !isReader) continue;
    kept.push(s.storage);
    const read: StorageRead = {
      organisationId: host.organisationId,
      hostId: host.id,
      storage: s.storage,
      type: s.type,
      shared: s.shared === 1,
      source: 'pve-storage',
    };
    if (s.enabled === 0 || s.active === 0) {
      await markStorageUnreadable(db, read, `The storage is ${s.enabled === 0 ? 'disabled' : 'not active'} on ${node}`, now);
      continue;
    }
    let volumes: BackupVolume[];
    try {
      volumes = await readVolumes(client, node, s.storage, listTimeoutMs(settings.timeoutMs));
    } catch (err) {
      await markStorageUnreadable(db, read, storageError(err, describe), now);
      continue;
    }
    const rows = volumes.map((v) => volumeRow(v, s.storage, guestOf));
    total += rows.length;
    await replaceStorageBackups(db, read, rows, now, {
      guestHostIds,
      otherHostIds: s.shared === 1 ? members.map((m) => m.id) : [],
    });
  }
  await dropOtherStorages(db, host.id, 'pve-storage', kept);
  const privileges = permissions ? evaluatePrivileges(permissions, node, now) : null;
  const granted = (path: string, privilege: string) =>
    privileges?.features.flatMap((f) => f.privileges).find((p) => p.path === path && p.privilege === privilege)?.granted ?? null;
  const cluster = isReader ? await readClusterBackupInfo(client) : { pveJobs: null, notBackedUp: null };
  return {
    storages: kept.length,
    backups: total,
    state: {
      canAuditStorage: granted('/storage', 'Datastore.Audit'),
      canAuditGuests: granted('/vms', 'VM.Audit'),
      canBackup: granted('/vms', 'VM.Backup'),
      ...cluster,
    },
  };
}

/** Proxmox's own words when it refused (a missing privilege, a storage offline), else the host error. */
function storageError(err: unknown, describe: (err: unknown) => string): string {
  if (isPveError(err) && err.serverMessage) return err.serverMessage.trim().slice(0, 500);
  return describe(err);
}

/** One content call for the storage's backups, parsed as it arrives (tens of MB for a storage with thousands). */
function readVolumes(client: PveClient, node: string, storage: string, timeoutMs: number): Promise<BackupVolume[]> {
  return client.backupsStream(node, storage, { timeoutMs });
}

/** `guestOf` keys the live guests of the host and its cluster by `qemu:100` / `lxc:100`. */
function volumeRow(v: BackupVolume, storage: string, guestOf: ReadonlyMap<string, string>): Row {
  const pbs = v.format.startsWith('pbs-');
  const guestType = v.subtype ?? (/^(pbs-ct|tar)/.test(v.format) ? 'lxc' : 'qemu');
  return {
    guestId: guestOf.get(`${guestType}:${v.vmid}`) ?? null,
    vmid: v.vmid,
    guestType,
    source: 'pve-storage',
    storage,
    datastore: null,
    volid: v.volid,
    backupTime: new Date(v.ctime * 1000),
    sizeBytes: typeof v.size === 'number' ? v.size : null,
    format: v.format,
    verifyState: pbs ? verifyState(v.verification?.state) : null,
    encrypted: pbs ? Boolean(v.encrypted) : null,
    protected: v.protected === 1,
    notes: v.notes ?? null,
  };
}

const verifyState = (state: string | undefined): 'ok' | 'failed' | 'none' =>
  state === 'ok' ? 'ok' : state === 'failed' ? 'failed' : 'none';

/** A PBS: each datastore's snapshots of guests (host backups are not guests'); a guest matched by a unique vmid. */
async function refreshPbs(deps: BackgroundDeps, host: HostRow, target: ConnectionTarget, now: Date): Promise<HostOutcome> {
  const { db } = deps;
  const settings = connectSettings(deps.config);
  const client = pooledPbsClient(host, () => target, settings);
  const stores = await client.datastores();
  const guestOf = await guestsByUniqueVmid(deps, host.organisationId);
  let total = 0;
  for (const ds of stores) {
    const read: StorageRead = {
      organisationId: host.organisationId,
      hostId: host.id,
      storage: ds.store,
      type: 'datastore',
      shared: false,
      source: 'pbs',
    };
    let snapshots: PbsSnapshot[];
    try {
      snapshots = await client.snapshots(ds.store, { timeoutMs: listTimeoutMs(settings.timeoutMs) });
    } catch (err) {
      await markStorageUnreadable(
        db,
        read,
        isPveError(err) && err.serverMessage ? err.serverMessage : 'The datastore could not be read',
        now,
      );
      continue;
    }
    const rows = snapshots
      .filter((s) => s['backup-type'] !== 'host' && /^\d+$/.test(s['backup-id']))
      .map((s) => snapshotRow(ds.store, s, guestOf));
    total += rows.length;
    await replaceStorageBackups(db, read, rows, now, { guestHostIds: [] });
  }
  await dropOtherStorages(
    db,
    host.id,
    'pbs',
    stores.map((d) => d.store),
  );
  return { storages: stores.length, backups: total, state: {} };
}

/** Guests by `qemu:100` / `lxc:100` when exactly one live guest of the organisation has that vmid and type. */
async function guestsByUniqueVmid(deps: Pick<BackgroundDeps, 'db'>, organisationId: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const g of await listLiveGuestKeys(deps.db, organisationId)) {
    const key = `${g.type}:${g.vmid}`;
    out.set(key, out.has(key) ? null : g.id);
  }
  return out;
}

function snapshotRow(store: string, s: PbsSnapshot, guestOf: ReadonlyMap<string, string | null>): Row {
  const type = s['backup-type'] === 'ct' ? 'lxc' : 'qemu';
  const iso = new Date(s['backup-time'] * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const vmid = Number(s['backup-id']);
  return {
    guestId: guestOf.get(`${type}:${vmid}`) ?? null,
    vmid,
    guestType: type,
    source: 'pbs',
    storage: null,
    datastore: store,
    volid: `${store}:${s['backup-type']}/${s['backup-id']}/${iso}`,
    backupTime: new Date(s['backup-time'] * 1000),
    sizeBytes: typeof s.size === 'number' ? s.size : null,
    format: type === 'lxc' ? 'pbs-ct' : 'pbs-vm',
    verifyState: verifyState(s.verification?.state),
    encrypted: s.files.some((f) => f['crypt-mode'] === 'encrypt'),
    protected: s.protected === true,
    notes: s.comment ?? null,
  };
}
