import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { arrayLiteral, blockSeconds } from './blocks';

// The history of subjects that left the fleet (issue 18 retention): a guest removed from Proxmox is marked gone
// (guests.gone_at), a removed host takes its guests' and storages' rows with it. Their blocks would otherwise stay
// up to 400 days. They are dropped once the subject has been gone for GONE_KEEP_SECONDS: a guest gone that long ago,
// or a subject without any row whose newest stored step is that old (the grace also covers a subject whose blocks
// are written just before its row is committed). Staging needs nothing: gone subjects are not polled, and a removed
// host's last staged rows expire within 48 h (their blocks are swept at a later pass).

/** How long the history of a subject that left the fleet is kept (a guest restored from backup finds it again). */
export const GONE_KEEP_SECONDS = 7 * 86400;
/** Subjects checked per statement. */
const BATCH = 1000;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** Each tier's block length in seconds, as SQL: a block's data ends at start + this. */
const blockEnd = sql.raw(
  `start + case tier ${([60, 300, 3600] as const).map((t) => `when ${t} then ${blockSeconds(t)}`).join(' ')} else 0 end`,
);

/**
 * The distinct subjects with stored blocks: one index probe per subject (a loose index scan on the primary key's
 * leading subject_id), not a scan of every block.
 */
async function storedSubjects(db: Db): Promise<string[]> {
  const res = await db.execute(sql`
    with recursive s(id) as (
      (select subject_id from metric_blocks order by subject_id limit 1)
      union all
      select (select b.subject_id from metric_blocks b where b.subject_id > s.id order by b.subject_id limit 1)
      from s where s.id is not null
    )
    select id::text as id from s where id is not null`);
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

/** Of `ids`, those whose history must go at `cutoff` (epoch seconds): gone guests, and row-less stale subjects. */
async function goneOf(db: Db, ids: string[], cutoff: number): Promise<string[]> {
  const list = sql`${arrayLiteral(ids)}::uuid[]`;
  const known = rowsOf<{ id: string; gone: boolean }>(
    await db.execute(sql`
      select id::text as id, false as gone from hosts where id = any(${list})
      union all select id::text, false from storages where id = any(${list})
      union all select id::text, gone_at is not null and gone_at < to_timestamp(${cutoff}) from guests where id = any(${list})`),
  );
  const gone = known.filter((k) => k.gone).map((k) => k.id);
  const present = new Set(known.map((k) => k.id));
  const orphans = ids.filter((id) => !present.has(id));
  if (orphans.length === 0) return gone;
  const stale = rowsOf<{ id: string }>(
    await db.execute(sql`
      select subject_id::text as id from metric_blocks where subject_id = any(${arrayLiteral(orphans)}::uuid[])
      group by subject_id having max(${blockEnd}) <= ${cutoff}`),
  );
  return [...gone, ...stale.map((s) => s.id)];
}

/** Drops the blocks of subjects gone from the fleet for GONE_KEEP_SECONDS at `now` (epoch seconds); answers how many. */
export async function dropGoneSubjects(db: Db, now: number): Promise<number> {
  const cutoff = now - GONE_KEEP_SECONDS;
  const subjects = await storedSubjects(db);
  let dropped = 0;
  for (let i = 0; i < subjects.length; i += BATCH) {
    const gone = await goneOf(db, subjects.slice(i, i + BATCH), cutoff);
    if (gone.length === 0) continue;
    const res = await db.execute(
      sql`delete from metric_blocks where subject_id = any(${arrayLiteral(gone)}::uuid[]) returning 1`,
    );
    dropped += rowsOf(res).length;
  }
  return dropped;
}
