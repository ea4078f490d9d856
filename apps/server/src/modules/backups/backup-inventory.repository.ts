import { and, eq, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backups, backupStorages, guests } from '../../db/schema';
import type { NewBackupRow } from './backups.repository';

// Writing the backup inventory: what each storage (or PBS datastore) lists replaces what it listed before, and the
// rows name their guests. Read by backups.repository.ts.

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
