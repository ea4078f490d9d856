import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emitEvent } from '../events/events.repository';
import { guests, hosts, organisations } from '../../db/schema';

export type HostRow = typeof hosts.$inferSelect;
export type NewHostRow = typeof hosts.$inferInsert;
export type GuestRow = typeof guests.$inferSelect;
export type NewGuestRow = typeof guests.$inferInsert;

export async function listHosts(db: Db, organisationId: string): Promise<HostRow[]> {
  return db.select().from(hosts).where(eq(hosts.organisationId, organisationId)).orderBy(hosts.createdAt, hosts.name);
}

export async function listAllHosts(db: Db): Promise<HostRow[]> {
  return db.select().from(hosts);
}

export async function countHosts(db: Db, organisationId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hosts)
    .where(organisationId ? eq(hosts.organisationId, organisationId) : undefined);
  return row?.n ?? 0;
}

/** A host of this organisation only: another organisation's id reads as missing. */
export async function findHost(db: Db, organisationId: string, id: string): Promise<HostRow | undefined> {
  const [row] = await db
    .select()
    .from(hosts)
    .where(and(eq(hosts.id, id), eq(hosts.organisationId, organisationId)));
  return row;
}

export async function findHostById(db: Db, id: string): Promise<HostRow | undefined> {
  const [row] = await db.select().from(hosts).where(eq(hosts.id, id));
  return row;
}

export async function insertHost(db: Db, values: NewHostRow): Promise<HostRow> {
  const [row] = await db.insert(hosts).values(values).returning();
  if (!row) throw new Error('host insert failed');
  return row;
}

/**
 * Inserts a host in one transaction with the plan check: the organisation's row is locked (FOR UPDATE) first,
 * so concurrent adds of one organisation run the count-then-insert one after the other, on PostgreSQL and
 * PGlite alike. `limits.check` throws to refuse; without `limits` nothing is checked.
 */
export async function insertHostWithinLimits(
  db: Db,
  limits: { check: (counts: { hosts: number; guests: number }) => void } | undefined,
  values: NewHostRow,
): Promise<HostRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${organisations} where ${organisations.id} = ${values.organisationId} for update`);
    if (limits)
      limits.check({ hosts: await countHosts(tx, values.organisationId), guests: await countGuests(tx, values.organisationId) });
    const row = await insertHost(tx, values);
    await emitEvent(tx, row.organisationId, 'host.added', { host_id: row.id, name: row.name });
    return row;
  });
}

export async function updateHost(db: Db, id: string, values: Partial<NewHostRow>): Promise<void> {
  await db.update(hosts).set(values).where(eq(hosts.id, id));
}

export async function deleteHost(db: Db, organisationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(hosts)
    .where(and(eq(hosts.id, id), eq(hosts.organisationId, organisationId)))
    .returning({ id: hosts.id });
  return rows.length > 0;
}

export async function listGuestsOfHost(db: Db, hostId: string): Promise<GuestRow[]> {
  return db.select().from(guests).where(eq(guests.hostId, hostId));
}

export async function countGuests(db: Db, organisationId: string, excludeHostId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guests)
    .where(and(eq(guests.organisationId, organisationId), excludeHostId ? sql`${guests.hostId} <> ${excludeHostId}` : undefined));
  return row?.n ?? 0;
}

const UPSERT_BATCH = 500;

/**
 * Makes the host's guests exactly `rows`: upserts by (host, vmid) and deletes the guests PVE no longer lists.
 * `readAt` is when PVE was asked: a guest whose row changed after that (a start or stop the portal ran
 * meanwhile) keeps its newer state and uptime instead of the list's older one.
 */
/** `alsoInTransaction` writes what describes the change (its events) in the same transaction. */
export async function replaceGuests(
  db: Db,
  hostId: string,
  rows: NewGuestRow[],
  readAt: Date,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<void> {
  const newer = sql`${guests.updatedAt} > ${readAt.toISOString()}::timestamptz`;
  await db.transaction(async (tx) => {
    await alsoInTransaction?.(tx);
    const vmids = rows.map((r) => r.vmid);
    await tx.delete(guests).where(and(eq(guests.hostId, hostId), vmids.length > 0 ? notInArray(guests.vmid, vmids) : undefined));
    for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
      await tx
        .insert(guests)
        .values(rows.slice(i, i + UPSERT_BATCH))
        .onConflictDoUpdate({
          target: [guests.hostId, guests.vmid],
          targetWhere: isNull(guests.goneAt),
          set: {
            node: sql`excluded.node`,
            type: sql`excluded.type`,
            name: sql`excluded.name`,
            state: sql`case when ${newer} then ${guests.state} else excluded.state end`,
            cpu: sql`excluded.cpu`,
            cpuUsage: sql`excluded.cpu_usage`,
            memoryMb: sql`excluded.memory_mb`,
            storageGb: sql`excluded.storage_gb`,
            uptime: sql`case when ${newer} then ${guests.uptime} else excluded.uptime end`,
            lastBackupAt: sql`excluded.last_backup_at`,
            updatedAt: sql`greatest(${guests.updatedAt}, ${new Date().toISOString()}::timestamptz)`,
          },
        });
    }
  });
}

export async function hostsByIds(db: Db, ids: string[]): Promise<HostRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(hosts).where(inArray(hosts.id, ids));
}

/** Marks a change to the organisation's hosts or guests (see organisations.fleet_version). */
export async function bumpFleetVersion(db: Db, organisationId: string): Promise<void> {
  await db
    .update(organisations)
    .set({ fleetVersion: sql`${organisations.fleetVersion} + 1` })
    .where(eq(organisations.id, organisationId));
}

/** The organisation's fleet version; -1 when the organisation no longer exists. */
export async function readFleetVersion(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ version: organisations.fleetVersion })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.version ?? -1;
}
