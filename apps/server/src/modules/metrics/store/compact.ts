import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  arrayLiteral,
  blockSeconds,
  blockStartOf,
  BLOCKS_LOCK_KEY,
  dropExpiredBlocks,
  loadBlocksPage,
  TIERS,
  type StoredBlock,
  type TierSeconds,
} from './blocks';
import type { SubjectKind } from './catalogue';
import { dropGoneSubjects } from './gone-subjects';
import { mergeBlocks } from './history';
import { bucketSamples, coarsen } from './rollup-math';
import { floats, maskIndexes, unpack } from './staging';

// The jobs' work: staged samples → 1-minute tier, 1 minute → 5 minutes → 1 hour, and retention. Each is
// idempotent (steps are only filled, never overwritten) and takes the blocks' advisory lock without waiting, so two
// replicas running it at once do it once, and a backfill's write (which waits for the lock) never interleaves.

/** Samples of a minute may arrive this long after it ended (a poll's time is its start). */
const GRACE_SECONDS = 30;
/** Compacted staging rows are kept this long, for latestValues. */
export const STAGING_KEEP_SECONDS = 600;
/** Samples never compacted (lost in a crash mid-way…) are dropped after the 1-minute tier's retention. */
const STAGING_MAX_SECONDS = 48 * 3600;
/** Subjects whose blocks a rollup step holds at once. */
const SUBJECT_PAGE = 500;

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

async function withLock<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${BLOCKS_LOCK_KEY}) as ok`);
    if (!rowsOf<{ ok: boolean }>(res)[0]?.ok) return undefined;
    return fn(tx);
  });
}

async function readState(db: Db, key: string): Promise<number | undefined> {
  const res = await db.execute(sql`select value::float8 as v from metric_state where key = ${key}`);
  const v = rowsOf<{ v: number }>(res)[0]?.v;
  return v === undefined ? undefined : Number(v);
}

async function writeState(db: Db, key: string, value: number): Promise<void> {
  await db.execute(sql`insert into metric_state (key, value) values (${key}, ${value})
    on conflict (key) do update set value = excluded.value`);
}

interface Pending {
  id: number;
  org: string;
  at: number;
  subjects: string;
  mask: number;
  stride: number;
  packed: unknown;
}

/** Staged samples of complete minutes → the 1-minute tier, ten minutes of samples at a time. */
async function compactStaging(db: Db, cutoff: number): Promise<number> {
  let minutes = 0;
  for (;;) {
    const first = rowsOf<{ at: number | null }>(
      await db.execute(sql`select extract(epoch from min(at))::float8 as at from metric_samples
        where not compacted and at < to_timestamp(${cutoff})`),
    )[0]?.at;
    if (first === null || first === undefined) return minutes;
    const from = Math.floor(Number(first) / 60) * 60;
    const to = Math.min(cutoff, from + 600);
    const rows = rowsOf<Pending>(
      await db.execute(sql`select id::float8 as id, organisation_id::text as org, extract(epoch from at)::float8 as at,
          subjects, mask, stride, encode(packed, 'hex') as packed
        from metric_samples where not compacted and at >= to_timestamp(${from}) and at < to_timestamp(${to})`),
    );
    // Per subject: its samples, then one block per hour of 1-minute steps.
    const bySubject = new Map<string, { org: string; samples: { at: number; values: (number | null)[] }[] }>();
    for (const r of rows) {
      const slots = maskIndexes(r.mask);
      const vals = floats(r.packed);
      r.subjects.split(',').forEach((key, k) => {
        let entry = bySubject.get(`${r.org}|${key}`);
        if (!entry) bySubject.set(`${r.org}|${key}`, (entry = { org: r.org, samples: [] }));
        entry.samples.push({ at: Number(r.at), values: unpack(vals, k * r.stride, slots) });
      });
    }
    const incoming: StoredBlock[] = [];
    for (const [k, { org, samples }] of bySubject) {
      const [kind, id] = k.split('|')[1]!.split(':') as [SubjectKind, string];
      for (let start = blockStartOf(60, from); start < to; start += blockSeconds(60)) {
        const inBlock = samples.filter((s) => s.at >= start && s.at < start + blockSeconds(60));
        if (inBlock.length === 0) continue;
        const block = bucketSamples(inBlock, start, 60, TIERS[60].blockSteps);
        incoming.push({ organisationId: org, kind, id, tier: 60, start, block });
      }
    }
    await mergeBlocks(db, 60, incoming);
    if (rows.length > 0)
      await db.execute(
        sql`update metric_samples set compacted = true where id = any(${arrayLiteral(rows.map((r) => r.id))}::bigint[])`,
      );
    else await db.execute(sql`update metric_samples set compacted = true where not compacted and at < to_timestamp(${to})`);
    minutes += (to - from) / 60;
  }
}

/** Complete steps of `fine` tier in [from, to) → `coarse` tier, a day (or ten) at a time; returns the new mark. */
async function rollTier(db: Db, fine: TierSeconds, coarse: TierSeconds, key: string, target: number): Promise<number> {
  let mark = await readState(db, key);
  if (mark === undefined) {
    // First run: from the oldest fine data kept (a fresh install: nothing), aligned to the coarse step.
    const oldest = rowsOf<{ s: number | null }>(
      await db.execute(sql`select min(start)::float8 as s from metric_blocks where tier = ${fine}`),
    )[0]?.s;
    mark = oldest === null || oldest === undefined ? target : Math.floor(Number(oldest) / coarse) * coarse;
  }
  // An hour (5-minute steps) or a day (hourly steps) at a time, 500 subjects at a time: bounded memory when catching up.
  const chunk = coarse === 300 ? 3600 : 86400;
  while (mark < target) {
    const to = Math.min(target, mark + chunk);
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const fineBlocks = await loadBlocksPage(db, fine, mark, to, after, SUBJECT_PAGE);
      if (fineBlocks.length === 0) break;
      after = fineBlocks.at(-1)!.id;
      const bySubject = new Map<string, StoredBlock[]>();
      for (const b of fineBlocks) {
        const k = `${b.kind}:${b.id}`;
        bySubject.set(k, [...(bySubject.get(k) ?? []), b]);
      }
      const incoming: StoredBlock[] = [];
      for (const blocks of bySubject.values()) {
        const { organisationId, kind, id } = blocks[0]!;
        for (let start = blockStartOf(coarse, mark); start < to; start += blockSeconds(coarse)) {
          const from = Math.max(start, mark);
          const until = Math.min(start + blockSeconds(coarse), to);
          const sources = blocks.map((b) => ({ start: b.start, step: fine, block: clip(b, fine, from, until) }));
          const block = coarsen(sources, start, coarse, TIERS[coarse].blockSteps);
          if (block.series.size > 0) incoming.push({ organisationId, kind, id, tier: coarse, start, block });
        }
      }
      await mergeBlocks(db, coarse, incoming);
    }
    mark = to;
    await writeState(db, key, mark);
  }
  return mark;
}

/** A copy of a fine block with only the steps in [from, to) (a coarse step is computed only once it is complete). */
function clip(b: StoredBlock, step: number, from: number, to: number) {
  const series = new Map<number, { avg: Float64Array; max: Float64Array }>();
  for (const [i, p] of b.block.series) {
    const avg = p.avg.slice();
    const max = p.max.slice();
    for (let j = 0; j < b.block.n; j++) {
      const t = b.start + j * step;
      if (t < from || t >= to) {
        avg[j] = NaN;
        max[j] = NaN;
      }
    }
    series.set(i, { avg, max });
  }
  return { n: b.block.n, series };
}

export interface RollupOutcome {
  /** Minutes of staged samples compacted (0 when another replica held the lock). */
  minutes: number;
  rolled300: number;
  rolled3600: number;
  locked: boolean;
}

/**
 * One rollup pass at `now`: staged samples of complete minutes → 1-minute tier; complete hours of 1-minute steps
 * → 5-minute steps; complete hours of 5-minute steps → 1-hour steps. Safe to run again or on several replicas.
 */
export async function runRollup(db: Db, now: Date = new Date()): Promise<RollupOutcome> {
  const nowS = Math.floor(now.getTime() / 1000);
  const cutoff = Math.floor((nowS - GRACE_SECONDS) / 60) * 60;
  const hour = Math.floor(cutoff / 3600) * 3600;
  const out = await withLock(db, async (tx) => {
    const minutes = await compactStaging(tx, cutoff);
    const rolled300 = await rollTier(tx, 60, 300, 'rolled_300', hour);
    const rolled3600 = await rollTier(tx, 300, 3600, 'rolled_3600', Math.min(hour, rolled300));
    return { minutes, rolled300, rolled3600, locked: true };
  });
  return out ?? { minutes: 0, rolled300: 0, rolled3600: 0, locked: false };
}

/**
 * Retention at `now`: tiers beyond their age, the history of subjects gone from the fleet for a week
 * (gone-subjects.ts), staged samples compacted more than ten minutes ago, stale node-minute claims.
 */
export async function runRetention(db: Db, now: Date = new Date()): Promise<{ blocks: number; gone: number; staged: number }> {
  const nowS = Math.floor(now.getTime() / 1000);
  const out = await withLock(db, async (tx) => {
    const blocks = await dropExpiredBlocks(tx, nowS);
    const gone = await dropGoneSubjects(tx, nowS);
    // Claims of the nodes' minute reads (collect/node-minute.ts) of hosts no longer polled.
    await tx.execute(sql`delete from metric_state where key like 'node_minute:%' and value < ${nowS - 86_400}`);
    const res = await tx.execute(sql`delete from metric_samples
      where (compacted and at < to_timestamp(${nowS - STAGING_KEEP_SECONDS}))
         or at < to_timestamp(${nowS - STAGING_MAX_SECONDS}) returning 1`);
    return { blocks, gone, staged: rowsOf(res).length };
  });
  return out ?? { blocks: 0, gone: 0, staged: 0 };
}
