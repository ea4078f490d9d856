import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/outbox';
import { guests, hosts, organisations, type HostRow } from '../../db/schema';
import { linkBackupsOfNewGuests } from '../backups/backup-inventory.repository';
import { type EventActor } from '../../kernel/principal';

export type { HostRow };
export type NewHostRow = typeof hosts.$inferInsert;
export type GuestRow = typeof guests.$inferSelect;
export type NewGuestRow = typeof guests.$inferInsert;

export async function listHosts(db: Db, organisationId: string): Promise<HostRow[]> {
  return db.select().from(hosts).where(eq(hosts.organisationId, organisationId)).orderBy(hosts.createdAt, hosts.name);
}

export async function listAllHosts(db: Db): Promise<HostRow[]> {
  return db.select().from(hosts);
}

/** The Proxmox VE nodes, what the plan's host limit counts (a Proxmox Backup Server is not one). */
export async function countHosts(db: Db, organisationId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hosts)
    .where(and(eq(hosts.type, 'pve'), organisationId ? eq(hosts.organisationId, organisationId) : undefined));
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
  actor?: EventActor,
): Promise<HostRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${organisations} where ${organisations.id} = ${values.organisationId} for update`);
    if (limits)
      limits.check({ hosts: await countHosts(tx, values.organisationId), guests: await countGuests(tx, values.organisationId) });
    const row = await insertHost(tx, values);
    await emitEvent(tx, row.organisationId, 'host.added', { host_id: row.id, name: row.name }, actor);
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

export async function countGuests(db: Db, organisationId: string, excludeHostId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guests)
    .where(
      and(
        eq(guests.organisationId, organisationId),
        isNull(guests.goneAt),
        excludeHostId ? sql`${guests.hostId} <> ${excludeHostId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

const UPSERT_BATCH = 500;

/**
 * Makes the live guests of `hostIds` (one host, or the registered nodes of one cluster) exactly `rows`, keyed by
 * vmid across them: a guest now listed on another of these hosts (a migration inside the cluster) moves with its
 * id, so its tasks and history stay; a guest no longer listed is marked gone (`gone_at`), not deleted.
 * `readAt` is when PVE was asked: a guest whose row changed after that (a start or stop the portal ran
 * meanwhile) keeps its newer state and uptime instead of the list's older one. A guest's last backup is not kept
 * here: it is read from the backup inventory (backups.repository's lastBackupAt). `alsoInTransaction` writes what
 * describes the change (its events) in the same transaction.
 */
export async function reconcileGuests(
  db: Db,
  hostIds: string[],
  rows: NewGuestRow[],
  readAt: Date,
  options: { alsoInTransaction?: (tx: Db) => Promise<void> } = {},
): Promise<void> {
  const newer = sql`${guests.updatedAt} > ${readAt.toISOString()}::timestamptz`;
  const now = new Date();
  await db.transaction(async (tx) => {
    await options.alsoInTransaction?.(tx);
    const live = await tx
      .select({ id: guests.id, hostId: guests.hostId, vmid: guests.vmid })
      .from(guests)
      .where(and(inArray(guests.hostId, hostIds), isNull(guests.goneAt)));
    const byVmid = new Map(live.map((g) => [g.vmid, g]));
    const seen = new Set(rows.map((r) => r.vmid));
    const gone = live.filter((g) => !seen.has(g.vmid)).map((g) => g.id);
    if (gone.length > 0) await tx.update(guests).set({ goneAt: now, updatedAt: now }).where(inArray(guests.id, gone));
    for (const r of rows) {
      const prev = byVmid.get(r.vmid);
      if (prev && prev.hostId !== r.hostId)
        await tx.update(guests).set({ hostId: r.hostId, node: r.node }).where(eq(guests.id, prev.id));
    }
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
            tags: sql`excluded.tags`,
            pool: sql`excluded.pool`,
            lock: sql`excluded.lock`,
            updatedAt: sql`greatest(${guests.updatedAt}, ${now.toISOString()}::timestamptz)`,
          },
          // A row is rewritten only when something shown changed, the guest restarted, its CPU use moved by more
          // than 5 points, or it was last written a minute ago: frequent polls of a busy fleet write little.
          setWhere: sql`(${guests.state}, ${guests.name}, ${guests.node}, ${guests.type}, ${guests.cpu}, ${guests.memoryMb},
              ${guests.storageGb}, ${guests.tags}, ${guests.pool}, ${guests.lock})
            is distinct from (excluded.state, excluded.name, excluded.node, excluded.type, excluded.cpu,
              excluded.memory_mb, excluded.storage_gb, excluded.tags, excluded.pool, excluded.lock)
            or excluded.uptime < ${guests.uptime}
            or abs(coalesce(excluded.cpu_usage, 0) - coalesce(${guests.cpuUsage}, 0)) > 0.05
            or ${guests.updatedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`,
        });
    }
    const appeared = rows.filter((r) => !byVmid.has(r.vmid));
    if (appeared.length > 0)
      await linkBackupsOfNewGuests(
        tx,
        appeared[0]!.organisationId,
        hostIds,
        appeared.map((r) => r.vmid),
      );
  });
}

/**
 * The other registered hosts of the organisation that are nodes of the same cluster as `host`: same cluster name,
 * each listed among the other's nodes (two clusters may share a name; their node lists tell them apart).
 */
export async function clusterMembers(db: Db, host: HostRow, clusterName: string, nodes: string[]): Promise<HostRow[]> {
  const rows = await db
    .select()
    .from(hosts)
    .where(and(eq(hosts.organisationId, host.organisationId), eq(hosts.clusterName, clusterName), sql`${hosts.id} <> ${host.id}`))
    .orderBy(asc(hosts.createdAt), asc(hosts.id));
  return rows.filter(
    (m) => nodes.includes(m.pveNode) && (m.clusterNodes ?? []).includes(host.pveNode) && m.pveNode !== host.pveNode,
  );
}

/**
 * The hosts' current guests; `lock` holds their rows until the transaction ends (a sync against a job's write). The
 * lock is FOR NO KEY UPDATE, as an UPDATE of them takes: it still excludes a job's write, and lets a row that refers
 * to a guest be written meanwhile (its foreign key check shares the guest's key), as the backup inventory's write that
 * a sync adding guests may wait for (linkBackupsOfNewGuests).
 */
export async function liveGuestsOfHosts(db: Db, hostIds: string[], options: { lock?: boolean } = {}): Promise<GuestRow[]> {
  const query = db
    .select()
    .from(guests)
    .where(and(inArray(guests.hostId, hostIds), isNull(guests.goneAt)))
    .orderBy(asc(guests.id));
  return options.lock ? query.for('no key update') : query;
}

/**
 * Hands out up to `limit` hosts whose poll is due (next_poll_at ≤ now) and not already handed out, leasing each
 * until `leaseUntil` in the same statement: with several replicas, a host is handed to one of them per cycle
 * (FOR UPDATE SKIP LOCKED), never twice at once, and a poll lost with its replica is handed out again once its
 * lease ends.
 */
export async function claimDueHosts(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<HostRow[]> {
  const due = db
    .select({ id: hosts.id })
    .from(hosts)
    .where(and(lte(hosts.nextPollAt, now), or(isNull(hosts.pollLeasedUntil), lte(hosts.pollLeasedUntil, now))))
    .orderBy(asc(hosts.nextPollAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(hosts).set({ pollLeasedUntil: leaseUntil }).where(inArray(hosts.id, due)).returning();
}

/**
 * A poll ended: its lease is released and the host is next due at `next`, unless a refresh was asked while it ran
 * (next_poll_at moved after the poll started), which then stands.
 */
export async function releasePoll(db: Db, hostId: string, started: Date, next: Date): Promise<void> {
  await db
    .update(hosts)
    .set({
      pollLeasedUntil: null,
      nextPollAt: sql`case when ${hosts.nextPollAt} > ${started.toISOString()}::timestamptz then ${hosts.nextPollAt} else ${next.toISOString()}::timestamptz end`,
    })
    .where(eq(hosts.id, hostId));
}

/** Actions within this long of each other on one host are followed by one poll, not one each. */
export const REFRESH_COALESCE_MS = 1000;

/**
 * The host is polled soon after an action on it (within REFRESH_COALESCE_MS, so a burst of actions costs one
 * poll), or right after the poll of it now running; never later than it was already due.
 */
export async function requestHostPoll(db: Db, hostId: string, at = new Date(Date.now() + REFRESH_COALESCE_MS)): Promise<void> {
  await db
    .update(hosts)
    .set({
      // During a poll (leased), the request is kept for releasePoll, which then polls again right after.
      nextPollAt: sql`case when ${hosts.pollLeasedUntil} > now() then ${at.toISOString()}::timestamptz
        else least(${hosts.nextPollAt}, ${at.toISOString()}::timestamptz) end`,
    })
    .where(eq(hosts.id, hostId));
}

export async function hostsByIds(db: Db, ids: string[]): Promise<HostRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(hosts).where(inArray(hosts.id, ids));
}
