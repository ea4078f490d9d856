import { and, asc, desc, eq, gte, inArray, isNull, like, lt, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backups, backupStorages, guests, taskLogs, tasks } from '../../db/schema';
import { guestScopeConditions, type GuestScope } from '../guests/guests.repository';
import { criticalCondition } from './critical.repository';

export type BackupRow = typeof backups.$inferSelect;
export type NewBackupRow = typeof backups.$inferInsert;
export type BackupStorageRow = typeof backupStorages.$inferSelect;

const BATCH = 500;

/** A storage (or PBS datastore) as one refresh read it. */
export interface StorageRead {
  organisationId: string;
  hostId: string;
  storage: string;
  type: string;
  shared: boolean;
  source: 'pve-storage' | 'pbs';
}

/** Which column names a storage's rows: `storage` on PVE, `datastore` on a PBS. */
const storageColumn = (source: StorageRead['source']) => (source === 'pbs' ? backups.datastore : backups.storage);

/**
 * What one storage lists now replaces what it listed before: rows upserted by (host, volid), rows it no longer
 * lists deleted, the storage recorded readable with its count. A storage shared by a cluster's nodes is read by one
 * of them: `otherHostIds` (the cluster's other registered nodes) lose their rows of it, so a backup keeps one row
 * when the reading node changes. `guestHostIds` are the hosts whose guests a PVE storage's rows may name (the host
 * and its cluster's registered nodes); a PBS's rows name a guest of any host.
 *
 * The rows' guests were looked up before the storage was read, which can take seconds: a host sync that added a
 * guest meanwhile (a new host's first poll running beside its first inventory) named the rows of it that existed,
 * not these, and these would name none until the next refresh, 15 minutes later. So the rows still unnamed are
 * matched again (namesGuest) in the same transaction, under the organisation's guest-link lock (lockGuestLinks): a
 * guest a sync named is not replaced by null, a row's guest becomes null only when no live guest matches it, and
 * a sync adding a guest either commits before this match or waits for this write and names its rows itself.
 */
export async function replaceStorageBackups(
  db: Db,
  read: StorageRead,
  rows: Omit<NewBackupRow, 'organisationId' | 'hostId' | 'seenAt'>[],
  now: Date,
  hosts: { guestHostIds: readonly string[]; otherHostIds?: readonly string[] },
): Promise<void> {
  const column = storageColumn(read.source);
  const otherHostIds = hosts.otherHostIds ?? [];
  // A listing that names a volume twice would make one upsert touch a row twice: the last entry stands.
  const unique = [...new Map(rows.map((r) => [r.volid, r])).values()];
  await db.transaction(async (tx) => {
    // First, before this write locks a row: a sync waiting for the lock holds its guests' rows (FOR NO KEY UPDATE),
    // which this write's foreign key checks only share, so neither then waits for the other.
    await lockGuestLinks(tx, read.organisationId, 'write');
    for (let i = 0; i < unique.length; i += BATCH) {
      await tx
        .insert(backups)
        .values(
          unique
            .slice(i, i + BATCH)
            .map((r) => ({ ...r, organisationId: read.organisationId, hostId: read.hostId, seenAt: now })),
        )
        .onConflictDoUpdate({
          target: [backups.hostId, backups.volid],
          set: {
            guestId: sql`excluded.guest_id`,
            vmid: sql`excluded.vmid`,
            guestType: sql`excluded.guest_type`,
            source: sql`excluded.source`,
            storage: sql`excluded.storage`,
            datastore: sql`excluded.datastore`,
            backupTime: sql`excluded.backup_time`,
            sizeBytes: sql`excluded.size_bytes`,
            format: sql`excluded.format`,
            verifyState: sql`excluded.verify_state`,
            encrypted: sql`excluded.encrypted`,
            protected: sql`excluded.protected`,
            notes: sql`excluded.notes`,
            seenAt: sql`excluded.seen_at`,
          },
        });
    }
    await tx.delete(backups).where(and(eq(backups.hostId, read.hostId), eq(column, read.storage), lt(backups.seenAt, now)));
    if (otherHostIds.length > 0)
      await tx.delete(backups).where(and(inArray(backups.hostId, [...otherHostIds]), eq(column, read.storage)));
    await upsertStorage(tx, read, { readable: true, error: null, backupCount: unique.length, checkedAt: now });
    if (otherHostIds.length > 0)
      await tx
        .delete(backupStorages)
        .where(and(inArray(backupStorages.hostId, [...otherHostIds]), eq(backupStorages.storage, read.storage)));
    const storageOfRow = read.source === 'pbs' ? sql`b.datastore` : sql`b.storage`;
    await tx.execute(sql`
      update ${backups} b set guest_id = g.id
      from ${guests} g
      where b.host_id = ${read.hostId}::uuid and ${storageOfRow} = ${read.storage} and b.guest_id is null
        and ${namesGuest(hosts.guestHostIds)}`);
  });
}

/**
 * Orders the inventory's writes and the host syncs that add guests, per organisation (a transaction-level advisory
 * lock): writes share it, a sync adding guests takes it alone before linking their backups. Without it, a write
 * matching its unnamed rows before a sync commits its new guests, and that sync linking rows before the write
 * commits them, would both miss and leave the rows unnamed until the next refresh.
 */
async function lockGuestLinks(tx: Db, organisationId: string, as: 'write' | 'link'): Promise<void> {
  const key = sql`hashtextextended(${`backup-guest-links:${organisationId}`}, 0)`;
  await tx.execute(as === 'write' ? sql`select pg_advisory_xact_lock_shared(${key})` : sql`select pg_advisory_xact_lock(${key})`);
}

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Which guest `g` a backup row `b` is of, as SQL (the inventory's guestOf and guestsByUniqueVmid are the same rule
 * in memory): a live guest of the organisation with the row's vmid and type; for a PVE storage's row, a guest of
 * `pveHostIds` (the row's host and its cluster's registered nodes, the row's host among them); for a PBS's row, the
 * only live guest of the organisation with that type and vmid.
 */
function namesGuest(pveHostIds: readonly string[]): SQL {
  const pve =
    pveHostIds.length > 0
      ? sql`(b.source = 'pve-storage' and b.host_id in (${uuidList(pveHostIds)}) and g.host_id in (${uuidList(pveHostIds)}))`
      : sql`false`;
  return sql`g.organisation_id = b.organisation_id and g.gone_at is null and g.vmid = b.vmid and g.type = b.guest_type
    and (${pve}
      or (b.source = 'pbs' and not exists (
        select 1 from ${guests} o
        where o.organisation_id = g.organisation_id and o.vmid = g.vmid and o.type = g.type
          and o.gone_at is null and o.id <> g.id)))`;
}

/**
 * Guests that just appeared on `hostIds` (one host, or the registered nodes of one cluster) take the backups an
 * inventory wrote before the portal knew them: a host's first inventory may run before its first poll has listed
 * its guests, and its rows would otherwise wait for the next refresh to name their guest. Matched by namesGuest, under
 * the organisation's guest-link lock (an inventory write under way is waited for, so its rows are seen). Call in the
 * transaction that adds the guests, after its own row locks.
 */
export async function linkBackupsOfNewGuests(
  db: Db,
  organisationId: string,
  hostIds: readonly string[],
  vmids: readonly number[],
): Promise<void> {
  if (hostIds.length === 0 || vmids.length === 0) return;
  await lockGuestLinks(db, organisationId, 'link');
  const vmidList = sql.join(
    vmids.map((v) => sql`${v}::int`),
    sql`, `,
  );
  await db.execute(sql`
    update ${backups} b set guest_id = g.id
    from ${guests} g
    where g.host_id in (${uuidList(hostIds)}) and g.vmid in (${vmidList})
      and b.organisation_id = ${organisationId}::uuid and b.guest_id is null and ${namesGuest(hostIds)}`);
}

/** A storage that could not be read: its rows stay as last read, the storage says why it is not current. */
export async function markStorageUnreadable(db: Db, read: StorageRead, error: string, now: Date): Promise<void> {
  await upsertStorage(db, read, { readable: false, error, checkedAt: now });
}

async function upsertStorage(
  db: Db,
  read: StorageRead,
  values: { readable: boolean; error: string | null; backupCount?: number; checkedAt: Date },
): Promise<void> {
  await db
    .insert(backupStorages)
    .values({
      hostId: read.hostId,
      storage: read.storage,
      organisationId: read.organisationId,
      type: read.type,
      shared: read.shared,
      ...values,
    })
    .onConflictDoUpdate({
      target: [backupStorages.hostId, backupStorages.storage],
      set: { type: read.type, shared: read.shared, ...values },
    });
}

/** The host's storages other than `keep` are gone (removed, or now read by another node): their rows go too. */
export async function dropOtherStorages(
  db: Db,
  hostId: string,
  source: StorageRead['source'],
  keep: readonly string[],
): Promise<void> {
  const column = storageColumn(source);
  await db.transaction(async (tx) => {
    await tx
      .delete(backups)
      .where(
        and(eq(backups.hostId, hostId), eq(backups.source, source), keep.length ? notInArray(column, [...keep]) : undefined),
      );
    await tx
      .delete(backupStorages)
      .where(and(eq(backupStorages.hostId, hostId), keep.length ? notInArray(backupStorages.storage, [...keep]) : undefined));
  });
}

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
