import { and, asc, desc, eq, gte, inArray, isNull, like, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backups, backupStorages, guests, taskLogs, tasks } from '../../db/schema';
import { guestScopeConditions, type GuestScope } from '../guests/guests.repository';
import { criticalCondition } from './critical.repository';

export type BackupRow = typeof backups.$inferSelect;
export type NewBackupRow = typeof backups.$inferInsert;
export type BackupStorageRow = typeof backupStorages.$inferSelect;

const BATCH = 500;

// ---------------------------------------------------------------------------------------------------------------
// Reading the inventory.

export interface BackupFilter {
  guestId?: string;
  hostId?: string;
  since?: Date;
  /** A scoped API key's: only backups of a registered guest it sees. */
  scope?: GuestScope;
}

/**
 * A PVE storage's copy of a snapshot that a PBS host of the organisation lists itself (same vmid, type and time):
 * the same backup seen twice. Outside a host's own view it is shown once, as its PBS lists it (verify state,
 * encryption); a restore of that row goes through this copy (pveTwinOf).
 */
const listedByPbs = sql`(${backups.source} = 'pve-storage' and ${backups.format} like 'pbs-%' and exists (
  select 1 from backups twin
  where twin.organisation_id = ${backups.organisationId} and twin.source = 'pbs' and twin.vmid = ${backups.vmid}
    and twin.guest_type = ${backups.guestType} and twin.backup_time = ${backups.backupTime}))`;

/** A listed backup with its guest's name (null without a registered guest). */
export type ListedBackup = BackupRow & { guestName: string | null };

/**
 * Newest first, each with its guest's name (a page can name its rows before the fleet's guest list arrives);
 * `after` is the (backup_time, id) of the last row of the previous page.
 */
export async function listBackups(
  db: Db,
  organisationId: string,
  filter: BackupFilter,
  limit: number,
  after?: { backupTime: Date; id: string },
): Promise<ListedBackup[]> {
  const conditions: (SQL | undefined)[] = [
    eq(backups.organisationId, organisationId),
    filter.guestId ? eq(backups.guestId, filter.guestId) : undefined,
    filter.hostId ? eq(backups.hostId, filter.hostId) : not(listedByPbs),
    filter.since ? gte(backups.backupTime, filter.since) : undefined,
    ...guestScopeConditions(filter.scope),
    after
      ? or(lt(backups.backupTime, after.backupTime), and(eq(backups.backupTime, after.backupTime), lt(backups.id, after.id)))
      : undefined,
  ];
  const rows = await db
    .select({ backup: backups, guestName: guests.name })
    .from(backups)
    .leftJoin(guests, eq(guests.id, backups.guestId))
    .where(and(...conditions))
    .orderBy(desc(backups.backupTime), desc(backups.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.backup, guestName: r.guestName }));
}

export async function findBackup(db: Db, organisationId: string, id: string): Promise<BackupRow | undefined> {
  const [row] = await db
    .select()
    .from(backups)
    .where(and(eq(backups.organisationId, organisationId), eq(backups.id, id)));
  return row;
}

export async function findBackupByVolid(
  db: Db,
  organisationId: string,
  hostId: string,
  volid: string,
): Promise<BackupRow | undefined> {
  const [row] = await db
    .select()
    .from(backups)
    .where(and(eq(backups.organisationId, organisationId), eq(backups.hostId, hostId), eq(backups.volid, volid)));
  return row;
}

/**
 * The PVE storage's row of the same snapshot a PBS lists (a PBS storage's, same vmid, type and time): what PVE can
 * restore from. A local archive made in the same second is not it.
 */
export async function pveTwinOf(db: Db, b: BackupRow): Promise<BackupRow | undefined> {
  const [row] = await db
    .select()
    .from(backups)
    .where(
      and(
        eq(backups.organisationId, b.organisationId),
        eq(backups.source, 'pve-storage'),
        like(backups.format, 'pbs-%'),
        eq(backups.vmid, b.vmid),
        eq(backups.guestType, b.guestType),
        eq(backups.backupTime, b.backupTime),
        ne(backups.id, b.id),
      ),
    )
    .limit(1);
  return row;
}

/** The storages' last read state, of the given hosts or all the organisation's. */
export async function storageReads(db: Db, organisationId: string, hostIds?: readonly string[]): Promise<BackupStorageRow[]> {
  if (hostIds && hostIds.length === 0) return [];
  return db
    .select()
    .from(backupStorages)
    .where(
      and(eq(backupStorages.organisationId, organisationId), hostIds ? inArray(backupStorages.hostId, [...hostIds]) : undefined),
    )
    .orderBy(asc(backupStorages.hostId), asc(backupStorages.storage));
}

/** A PVE storage's type as the inventory last recorded it (any host of the organisation). */
export async function knownStorageType(db: Db, organisationId: string, storage: string): Promise<string | undefined> {
  const [row] = await db
    .select({ type: backupStorages.type })
    .from(backupStorages)
    .where(
      and(
        eq(backupStorages.organisationId, organisationId),
        eq(backupStorages.storage, storage),
        ne(backupStorages.type, 'datastore'),
      ),
    )
    .limit(1);
  return row?.type;
}

/**
 * A guest's last backup: the newest `backup_time` among the inventory's rows of it, whichever PVE storage or PBS
 * datastore lists them (one probe of `backups_guest_time_idx` per guest). It is the one definition of "last backup":
 * the coverage, the backup alerts and the dashboard's advice all read this expression, and nothing stores a copy
 * that could lag behind the inventory. `guestId` names the guest's id as the outer query does; the default is
 * `guests.id` qualified by hand, since inside a select of one table drizzle writes a column bare, which the
 * subquery would read as its own.
 */
export function lastBackupAt(guestId: SQL = sql`${guests}.${sql.identifier('id')}`): SQL<Date | null> {
  return sql`(select max(b.backup_time) from ${backups} b where b.guest_id = ${guestId})`.mapWith(
    (v: Date | string) => new Date(v),
  );
}

/** The guests (live, of PVE hosts) whose last backup (lastBackupAt) is older than `since`, or that have none. */
export async function guestsWithoutBackupSince(
  db: Db,
  organisationId: string,
  since: Date,
  scope?: GuestScope,
): Promise<{ id: string; name: string; vmid: number; hostId: string; lastBackupAt: Date | null; critical: boolean }[]> {
  const last = lastBackupAt();
  const critical = sql<boolean>`${criticalCondition()}`;
  const rows = await db
    .select({ id: guests.id, name: guests.name, vmid: guests.vmid, hostId: guests.hostId, lastBackupAt: last, critical })
    .from(guests)
    .where(
      and(
        eq(guests.organisationId, organisationId),
        isNull(guests.goneAt),
        sql`coalesce(${last}, '-infinity'::timestamptz) < ${since.toISOString()}::timestamptz`,
        ...guestScopeConditions(scope),
      ),
    )
    .orderBy(asc(guests.name), asc(guests.vmid));
  return rows.map((r) => ({ ...r, critical: Boolean(r.critical) }));
}

/** The task kinds whose failures the coverage lists (one per guest: a policy's node and run tasks repeat them). */
export const FAILURE_KINDS = ['backup.guest', 'backup.now', 'backup.restore'] as const;

export async function failedBackupTasks(db: Db, organisationId: string, since: Date, limit = 200) {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.organisationId, organisationId),
        inArray(tasks.kind, [...FAILURE_KINDS]),
        eq(tasks.status, 'failed'),
        gte(tasks.createdAt, since),
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
}

/** The organisation's live guests' keys (matching a PBS snapshot's type and vmid). */
export async function listLiveGuestKeys(
  db: Db,
  organisationId: string,
): Promise<{ id: string; vmid: number; type: 'qemu' | 'lxc' }[]> {
  return db
    .select({ id: guests.id, vmid: guests.vmid, type: guests.type })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt)));
}

/** Merges `values` into a task's params (what a resumed task must know: the PVE log lines already kept, a chosen vmid). */
export async function setTaskParams(db: Db, taskId: string, values: Record<string, unknown>): Promise<void> {
  await db
    .update(tasks)
    .set({ params: sql`${tasks.params} || ${JSON.stringify(values)}::jsonb` })
    .where(eq(tasks.id, taskId));
}

/** Several lines of a task's log at once (a Proxmox task's log kept with the portal's task). */
export async function appendTaskLogLines(db: Db, taskId: string, lines: readonly string[]): Promise<void> {
  for (let i = 0; i < lines.length; i += BATCH) {
    await db.insert(taskLogs).values(lines.slice(i, i + BATCH).map((line) => ({ taskId, line })));
  }
}
