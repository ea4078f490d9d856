import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guests, storages } from '../../../db/schema';

// What a poll needs besides its answer, kept per process so that a poll of 500 guests costs a handful of statements:
// the guests' and storages' ids (checked against the answer and read again when it no longer matches, or after a
// while), and the counters of the previous poll (for rates).

const REFRESH_MS = 5 * 60_000;
/** Storage usage in the `storages` table is rewritten at most this often (the samples carry every poll's figures). */
const STORAGE_WRITE_MS = 60_000;

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

/**
 * A running guest's counters (netin, netout, diskread, diskwrite) as one poll read them, with its `uptime`: PVE
 * samples both together (pvestatd, every 10 s), so the uptimes of two readings tell how far apart their counters
 * were sampled, and an uptime that went back tells that the guest restarted in between.
 */
export interface CounterReading {
  /** The poll's time (epoch ms). */
  at: number;
  uptime: number | null;
  values: (number | null)[];
}

/** By polled host, the last readings by guest id: kept in this process only (see `forgetCounterReadings`). */
const readings = new Map<string, Map<string, CounterReading>>();

/**
 * The readings of the host's previous poll in this process. Never another process's (a restarted portal, another
 * replica): their counters may come from a peer that restarted too, and one missing sample costs less than a spike
 * that a month-long "max" chart keeps.
 */
export function previousReadings(hostId: string): ReadonlyMap<string, CounterReading> | undefined {
  return readings.get(hostId);
}

export function keepReadings(hostId: string, data: Map<string, CounterReading>): void {
  readings.set(hostId, data);
}

/** What a new process starts with: no readings (tests restart a portal inside one process). */
export function forgetCounterReadings(): void {
  readings.clear();
}
