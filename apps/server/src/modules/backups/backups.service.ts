import type { Backup, BackupCoverage, BackupListQuery, BackupPage, BackupStorageRead, GuestCritical } from '@proxai/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { authorize } from '../../access/authorize';
import { findGuest, findGuestById } from '../guests/guests.repository';
import { clusterMembers, findHost, liveGuestsOfHosts, listHosts, type HostRow } from '../hosts/hosts.repository';
import { toTaskDto } from '../tasks/task-dto';
import { narrowByGuest, narrowTasks, seesGuest, sqlScopeOf } from '../api-keys/scoped-lists';
import {
  failedBackupTasks,
  guestsWithoutBackupSince,
  listBackups,
  storageReads,
  type BackupRow,
  type ListedBackup,
  type BackupStorageRow,
} from './backups.repository';
import { backupHostsOf } from './backup-hosts.repository';
import type { StoredNotBackedUp, StoredPveJob } from './cluster-backup-info';
import { criticalFlags, setCriticalFlag, taggedCritical } from './critical.repository';
import { parseTimeCursor, timeCursorOf } from '../../db/page-cursor';
import { type RequestContext } from '../../kernel/request-context';

/** The inventory as the API shows it: backups page by page, coverage, and the critical flag. */

export function toBackupDto(b: ListedBackup): Backup {
  return {
    id: b.id,
    guest_id: b.guestId,
    guest_name: b.guestName,
    host_id: b.hostId,
    vmid: b.vmid,
    guest_type: b.guestType,
    source: b.source,
    storage: b.storage,
    datastore: b.datastore,
    volid: b.volid,
    backup_time: b.backupTime.toISOString(),
    size_bytes: b.sizeBytes,
    format: b.format,
    verify_state: b.verifyState,
    encrypted: b.encrypted,
    protected: b.protected,
    notes: b.notes,
  };
}

const toStorageDto = (s: BackupStorageRow): BackupStorageRead => ({
  host_id: s.hostId,
  storage: s.storage,
  type: s.type,
  readable: s.readable,
  error: s.error,
  backup_count: s.backupCount,
  checked_at: s.checkedAt.toISOString(),
});

/** The position after a row, opaque to clients: base64url of `backup_time|id`. */
const cursorOf = (b: BackupRow) => timeCursorOf(b.backupTime, b.id);

function parseCursor(cursor: string): { backupTime: Date; id: string } {
  const { at, id } = parseTimeCursor(cursor);
  return { backupTime: at, id };
}

/** The hosts whose storages can hold a guest's backups: its node's host, the other nodes of its cluster, the PBSs. */
async function hostsHolding(db: Db, organisationId: string, host: HostRow): Promise<string[]> {
  const members = host.clusterName ? await clusterMembers(db, host, host.clusterName, host.clusterNodes ?? []) : [];
  const pbs = (await listHosts(db, organisationId)).filter((h) => h.type === 'pbs');
  return [host.id, ...members.map((m) => m.id), ...pbs.map((h) => h.id)];
}

/**
 * GET /api/backups: newest first, keyset-paged; `readable_storages` says which storages the rows come from and
 * which could not be read (the list is then incomplete). A gone guest's backups are still listed.
 */
export async function listBackupsPage(db: Db, ctx: RequestContext, query: BackupListQuery): Promise<BackupPage> {
  const limit = Number(query.limit ?? 50);
  // A scoped API key lists the backups of the guests it sees, and the storages of the hosts it sees.
  const scope = await sqlScopeOf(db, ctx.user);
  const seesHost = (id: string) => !scope || scope.hostIds.includes(id);
  let storageHosts: string[] | undefined = scope?.hostIds;
  if (query.guest_id) {
    const guest = await findGuestById(db, query.guest_id);
    if (guest?.organisationId !== ctx.organisationId || !seesGuest(ctx.user, guest)) throw notFound('vm');
    const host = await findHost(db, ctx.organisationId, guest.hostId);
    storageHosts = host ? (await hostsHolding(db, ctx.organisationId, host)).filter(seesHost) : [];
  }
  if (query.host_id) {
    if (!seesHost(query.host_id) || !(await findHost(db, ctx.organisationId, query.host_id))) throw notFound('host');
    storageHosts = storageHosts ? storageHosts.filter((id) => id === query.host_id) : [query.host_id];
  }
  const rows = await listBackups(
    db,
    ctx.organisationId,
    { guestId: query.guest_id, hostId: query.host_id, since: query.since ? new Date(query.since) : undefined, scope },
    limit + 1,
    query.cursor ? parseCursor(query.cursor) : undefined,
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map(toBackupDto),
    next_cursor: rows.length > limit ? cursorOf(page.at(-1)!) : null,
    readable_storages: (await storageReads(db, ctx.organisationId, storageHosts)).map(toStorageDto),
  };
}

/**
 * GET /api/backups/coverage: guests without a backup within `hours` (critical first), PVE's own view of guests no
 * job selects and its backup jobs (read at the inventory's refresh, not now), and the portal's failed backup tasks.
 */
export async function backupCoverage(db: Db, ctx: RequestContext, hours: number, now = new Date()): Promise<BackupCoverage> {
  const since = new Date(now.getTime() - hours * 3600_000);
  // A scoped API key: its guests, the failed tasks it sees, the hosts it sees (their storages, jobs and inventory).
  const scope = await sqlScopeOf(db, ctx.user);
  const [without, failed, hostStates, storages] = await Promise.all([
    guestsWithoutBackupSince(db, ctx.organisationId, since, scope),
    failedBackupTasks(db, ctx.organisationId, since).then((rows) => narrowTasks(db, ctx.user, rows.map(toTaskDto))),
    backupHostsOf(db, ctx.organisationId),
    storageReads(db, ctx.organisationId, scope?.hostIds),
  ]);
  const hosts = new Map(
    (await listHosts(db, ctx.organisationId)).filter((h) => !scope || scope.hostIds.includes(h.id)).map((h) => [h.id, h]),
  );
  const notBackedUp: BackupCoverage['not_backed_up_pve'] = [];
  const pveJobs: BackupCoverage['pve_jobs'] = [];
  for (const state of hostStates) {
    const host = hosts.get(state.hostId);
    if (!host) continue;
    for (const j of (state.pveJobs ?? []) as unknown as StoredPveJob[]) pveJobs.push({ host_id: host.id, ...j });
    const missing = (state.notBackedUp ?? []) as StoredNotBackedUp[];
    if (missing.length === 0) continue;
    const members = host.clusterName ? await clusterMembers(db, host, host.clusterName, host.clusterNodes ?? []) : [];
    const byVmid = new Map((await liveGuestsOfHosts(db, [host.id, ...members.map((m) => m.id)])).map((g) => [g.vmid, g.id]));
    for (const m of missing) notBackedUp.push({ host_id: host.id, ...m, guest_id: byVmid.get(m.vmid) ?? null });
  }
  return {
    hours,
    guests_without_backup: without
      .sort((a, b) => Number(b.critical) - Number(a.critical))
      .map((g) => ({
        guest_id: g.id,
        name: g.name,
        vmid: g.vmid,
        host_id: g.hostId,
        last_backup_at: g.lastBackupAt?.toISOString() ?? null,
        critical: g.critical,
      })),
    not_backed_up_pve: await narrowByGuest(db, ctx.user, notBackedUp),
    failed_jobs: failed,
    pve_jobs: pveJobs,
    readable_storages: storages.map(toStorageDto),
    inventory_hosts: hostStates
      .filter((h) => hosts.has(h.hostId))
      .map((h) => ({
        host_id: h.hostId,
        refreshed_at: h.refreshedAt?.toISOString() ?? null,
        last_error: h.lastError,
        can_audit_storage: h.canAuditStorage,
        can_audit_guests: h.canAuditGuests,
        can_backup: h.canBackup,
      })),
  };
}

async function criticalOf(db: Db, guest: { id: string; tags: string[] }): Promise<GuestCritical> {
  const flagged = (await criticalFlags(db, [guest.id])).has(guest.id);
  const tagged = taggedCritical(guest.tags);
  return { guest_id: guest.id, critical: flagged, tagged, effective: flagged || tagged };
}

/** GET /api/vms/{id}/critical. */
export async function guestCritical(db: Db, ctx: RequestContext, id: string): Promise<GuestCritical> {
  const guest = await findGuest(db, ctx.organisationId, id);
  if (!guest) throw notFound('vm');
  return criticalOf(db, guest);
}

/** PATCH /api/vms/{id}/critical (operator or higher): the portal's flag; the Proxmox tag is changed in Proxmox. */
export async function setGuestCritical(db: Db, ctx: RequestContext, id: string, critical: boolean): Promise<GuestCritical> {
  authorize(ctx.user, 'backups.run');
  const guest = await findGuest(db, ctx.organisationId, id);
  if (!guest) throw notFound('vm');
  await setCriticalFlag(db, ctx.organisationId, guest.id, critical);
  return criticalOf(db, guest);
}
