import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guests, metricCounters, storages } from '../../../db/schema';

// What a poll needs besides its answer, kept per process so that a poll of 500 guests costs a handful of statements:
// the guests' and storages' ids, and the counters of the previous poll (for rates). Each is checked against the
// answer and read again when it no longer matches, or after a while.

const REFRESH_MS = 5 * 60_000;
/** Storage usage in the `storages` table is rewritten at most this often (the samples carry every poll's figures). */
const STORAGE_WRITE_MS = 60_000;
/** Counters reach the database (for a poll of this host on another replica) at most this often. */
const COUNTERS_WRITE_MS = 60_000;

type Raw = Record<string, unknown>;
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

interface GuestIds {
  at: number;
  members: string;
  byVmid: Map<number, { id: string; name: string }>;
}
const guestCache = new Map<string, GuestIds>();

/**
 * The live guests of the cluster's registered nodes by vmid (a vmid names one guest inside a cluster), read again
 * when a listed guest is unknown or renamed (a vmid reused), the members changed, or every 5 minutes.
 */
export async function guestIds(
  db: Db,
  hostId: string,
  memberIds: string[],
  listed: { vmid: number; name: string }[],
  now = Date.now(),
): Promise<GuestIds['byVmid']> {
  const members = memberIds.join(',');
  const cached = guestCache.get(hostId);
  const fresh =
    cached &&
    cached.members === members &&
    now - cached.at < REFRESH_MS &&
    listed.every((g) => {
      const known = cached.byVmid.get(g.vmid);
      return known !== undefined && (!g.name || known.name === g.name);
    });
  if (fresh) return cached.byVmid;
  const rows = await db
    .select({ id: guests.id, vmid: guests.vmid, name: guests.name })
    .from(guests)
    .where(and(inArray(guests.hostId, memberIds), isNull(guests.goneAt)));
  const byVmid = new Map(rows.map((g) => [g.vmid, { id: g.id, name: g.name }]));
  guestCache.set(hostId, { at: now, members, byVmid });
  return byVmid;
}

interface StorageIds {
  at: number;
  signature: string;
  ids: Map<string, string>;
}
const storageCache = new Map<string, StorageIds>();

/**
 * The `storages` rows of the nodes the poll covers (one per node that lists a storage), upserted when the list or a
 * status changed and otherwise once a minute; returns their ids by 'node/storage'.
 */
export async function storageIds(
  db: Db,
  organisationId: string,
  hostId: string,
  hostOfNode: Map<string, string>,
  entries: Raw[],
  now = Date.now(),
): Promise<Map<string, string>> {
  const signature = entries.map((s) => `${String(s['node'])}/${String(s['storage'])}:${String(s['status'])}`).join(',');
  const cached = storageCache.get(hostId);
  if (cached && cached.signature === signature && now - cached.at < STORAGE_WRITE_MS) return cached.ids;
  const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
  const at = new Date(now);
  const rows =
    entries.length === 0
      ? []
      : await db
          .insert(storages)
          .values(
            entries.map((s) => ({
              organisationId,
              hostId: hostOfNode.get(String(s['node']))!,
              node: String(s['node']),
              name: String(s['storage']),
              type: str(s['plugintype']),
              shared: s['shared'] === 1,
              content: str(s['content']),
              used: whole(s['disk']),
              total: whole(s['maxdisk']),
              status: str(s['status'], 'unknown'),
              updatedAt: at,
            })),
          )
          .onConflictDoUpdate({
            target: [storages.hostId, storages.node, storages.name],
            set: {
              type: sql`excluded.type`,
              shared: sql`excluded.shared`,
              content: sql`excluded.content`,
              used: sql`excluded.used`,
              total: sql`excluded.total`,
              status: sql`excluded.status`,
              updatedAt: sql`excluded.updated_at`,
            },
          })
          .returning({ id: storages.id, node: storages.node, name: storages.name });
  const ids = new Map(rows.map((r) => [`${r.node}/${r.name}`, r.id]));
  storageCache.set(hostId, { at: now, signature, ids });
  return ids;
}

export type Counters = Record<string, (number | null)[]>;
const counterCache = new Map<string, { at: number; written: number; data: Counters }>();

/** The counters of the host's previous poll: this process's, or the database's when another replica polled it. */
export async function previousCounters(db: Db, hostId: string): Promise<{ at: number; data: Counters } | undefined> {
  const mine = counterCache.get(hostId);
  if (mine) return mine;
  const [row] = await db.select().from(metricCounters).where(eq(metricCounters.hostId, hostId));
  return row ? { at: row.at.getTime(), data: JSON.parse(row.data) as Counters } : undefined;
}

/** Keeps this poll's counters; writes them to the database once a minute (a rate over a longer span is still right). */
export async function keepCounters(db: Db, hostId: string, at: number, data: Counters): Promise<void> {
  const mine = counterCache.get(hostId);
  const due = !mine || at - mine.written >= COUNTERS_WRITE_MS || at < mine.written;
  counterCache.set(hostId, { at, written: due ? at : mine.written, data });
  if (!due) return;
  const text = JSON.stringify(data);
  await db.execute(sql`insert into metric_counters (host_id, at, data)
    values (${hostId}::uuid, ${new Date(at).toISOString()}::timestamptz, ${text})
    on conflict (host_id) do update set at = excluded.at, data = excluded.data`);
}
