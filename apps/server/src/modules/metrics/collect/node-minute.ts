import { sql } from 'drizzle-orm';
import type { ClusterResource, NodeRrdPoint } from '@proxai/pve-client';
import type { Db } from '../../../db/client';
import { writeSamples, type MetricName } from '../store';
import { rowValues } from './rrd-history';

/**
 * A node's live figures that its `/cluster/resources` entry lacks (network rates above all: node entries carry no
 * netin/netout counters; also iowait, load, swap, ARC and PSI): the last complete minute of its `rrddata`
 * (timeframe hour: 1-minute rows, rates in bytes/s). Read by the poll of its host at most once a minute per node,
 * whichever replica polls it (claimed in `metric_state`), so it costs the host one request a minute of its budget.
 */

/** A minute's row is read once the minute has been over this long (pvestatd writes it within 10 s). */
const SETTLE_S = 15;
/** At most this many minutes are read back when earlier reads were missed (a host unreachable for a while). */
const MAX_ROWS = 5;
/** Figures the poll itself gives, several times a minute: the row does not replace them. */
const FROM_POLL = new Set<MetricName>(['cpu', 'mem', 'maxmem', 'disk', 'maxdisk']);

/** The newest minute (its start, epoch s) whose row is due at `nowMs`. */
export function dueMinute(nowMs: number): number {
  return Math.floor((nowMs / 1000 - SETTLE_S) / 60) * 60 - 60;
}

/** By host: the newest minute this process claimed or tried to, so a poll asks the database once a minute at most. */
const tried = new Map<string, number>();

/**
 * Claims the read of `minute` for the host's node across replicas. Answers the minute claimed before (null the
 * first time), or undefined when this minute (or a later one) is already claimed.
 */
async function claim(db: Db, hostId: string, minute: number): Promise<{ previous: number | null } | undefined> {
  const key = `node_minute:${hostId}`;
  const res = await db.execute(sql`
    with previous as (select value from metric_state where key = ${key})
    insert into metric_state (key, value) values (${key}, ${minute})
    on conflict (key) do update set value = excluded.value where metric_state.value < excluded.value
    returning (select value::float8 from previous) as previous`);
  const row = (res as { rows: { previous: number | null }[] }).rows[0];
  if (!row) return undefined;
  return { previous: row.previous === null ? null : Number(row.previous) };
}

/** Gives a claimed minute back (its read failed). */
async function release(db: Db, hostId: string, minute: number, previous: number | null): Promise<void> {
  const key = `node_minute:${hostId}`;
  if (previous === null) await db.execute(sql`delete from metric_state where key = ${key} and value = ${minute}`);
  else await db.execute(sql`update metric_state set value = ${previous} where key = ${key} and value = ${minute}`);
}

export interface NodeMinuteRecord {
  organisationId: string;
  /** The registered hosts whose node the poll covers. */
  members: { id: string; pveNode: string }[];
  resources: ClusterResource[];
  readAt: Date;
}

/**
 * Records the last complete minute of each online member node's `rrddata` (and the minutes since the previous read,
 * up to MAX_ROWS) as staged samples in that minute, unless read already. A node that fails is retried next minute;
 * the others are still read. Throws the first failure after trying them all.
 */
export async function recordNodeMinutes(
  db: Db,
  readRrd: (node: string) => Promise<readonly NodeRrdPoint[]>,
  rec: NodeMinuteRecord,
): Promise<void> {
  const minute = dueMinute(rec.readAt.getTime());
  const online = new Set(
    rec.resources
      .filter((r): r is Extract<ClusterResource, { type: 'node' }> => r.type === 'node')
      .filter((r) => r.status === 'online')
      .map((r) => r.node),
  );
  let failure: Error | undefined;
  for (const m of rec.members) {
    if (!online.has(m.pveNode) || (tried.get(m.id) ?? -Infinity) >= minute) continue;
    tried.set(m.id, minute);
    let claimed: { previous: number | null } | undefined;
    try {
      claimed = await claim(db, m.id, minute);
      if (!claimed) continue;
      const after = Math.max(claimed.previous ?? minute - 60, minute - MAX_ROWS * 60);
      for (const row of await readRrd(m.pveNode)) {
        if (!(row.time > after && row.time <= minute)) continue;
        const values = Object.fromEntries(
          Object.entries(rowValues('node', row as unknown as Record<string, unknown>)).filter(
            ([k]) => !FROM_POLL.has(k as MetricName),
          ),
        );
        // A row without samples (the node was down) is a gap, not zeros.
        if (Object.keys(values).length === 0) continue;
        await writeSamples(db, {
          organisationId: rec.organisationId,
          at: new Date((row.time + 30) * 1000),
          samples: [{ subject: { kind: 'node', id: m.id }, values }],
        });
      }
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
      // Unread: the next minute's read (on any replica) takes this one too.
      if (claimed) await release(db, m.id, minute, claimed.previous).catch(() => undefined);
    }
  }
  if (failure !== undefined) throw failure;
}

/** What a new process starts with (tests restart a portal inside one process). */
export function forgetNodeMinutes(): void {
  tried.clear();
}
