import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { SubjectKind } from './catalogue';
import { decodeBlock, encodeBlock, type Block } from './codec';

// Persistence of the tiers (metric_blocks): one row per subject, tier and period, read and written in batches.

export type TierSeconds = 60 | 300 | 3600;

/** Each tier: the steps one block holds and how long its data is kept (issue 18: 48 h, 30 days, 400 days). */
export const TIERS: Record<TierSeconds, { blockSteps: number; keepSeconds: number }> = {
  60: { blockSteps: 60, keepSeconds: 48 * 3600 },
  300: { blockSteps: 288, keepSeconds: 30 * 86400 },
  3600: { blockSteps: 240, keepSeconds: 400 * 86400 },
};

/**
 * The transaction-level advisory lock every writer of metric_blocks takes: a write reads a block, fills its gaps and
 * writes the whole block back, so two writers of one block at once (the rollup compacting live samples, a backfill
 * merging rrddata) would each drop what the other added.
 */
export const BLOCKS_LOCK_KEY = 0x6d657472; // 'metr'

export const blockSeconds = (tier: TierSeconds): number => tier * TIERS[tier].blockSteps;
export const blockStartOf = (tier: TierSeconds, t: number): number => Math.floor(t / blockSeconds(tier)) * blockSeconds(tier);

export interface BlockRef {
  organisationId: string;
  kind: SubjectKind;
  id: string;
  tier: TierSeconds;
  start: number;
}

export interface StoredBlock extends BlockRef {
  block: Block;
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/** A PostgreSQL array literal of plain tokens (uuids, numbers, hex: nothing that needs quoting). */
export const arrayLiteral = (items: readonly (string | number)[]): string => `{${items.join(',')}}`;

/** Blocks are read as hex text (encode(data, 'hex')): Node decodes it natively, PGlite's own bytea parser is slow. */
const toBytes = (v: unknown): Uint8Array => Buffer.from(String(v), 'hex');

/** The blocks of some subjects in one tier whose period overlaps [from, to) (epoch seconds). */
export async function loadBlocks(
  db: Db,
  subjects: readonly { kind: SubjectKind; id: string }[],
  tier: TierSeconds,
  from: number,
  to: number,
  organisationId?: string,
): Promise<StoredBlock[]> {
  if (subjects.length === 0) return [];
  const firstStart = blockStartOf(tier, from);
  const ids = arrayLiteral([...new Set(subjects.map((s) => s.id))]);
  const kinds = new Set(subjects.map((s) => s.kind));
  const res = await db.execute(sql`
    select organisation_id::text as org, subject_kind as kind, subject_id::text as id, start::float8 as start, encode(data, 'hex') as data
    from metric_blocks
    where subject_id = any(${ids}::uuid[]) and tier = ${tier} and start >= ${firstStart} and start < ${to}
      ${organisationId ? sql`and organisation_id = ${organisationId}::uuid` : sql``}`);
  return rowsOf<{ org: string; kind: SubjectKind; id: string; start: number; data: unknown }>(res)
    .filter((r) => kinds.has(r.kind))
    .map((r) => ({
      organisationId: r.org,
      kind: r.kind,
      id: r.id,
      tier,
      start: Number(r.start),
      block: decodeBlock(toBytes(r.data)),
    }));
}

/** Writes blocks (insert or replace), a few hundred per statement. */
export async function saveBlocks(db: Db, blocks: readonly StoredBlock[]): Promise<void> {
  for (let i = 0; i < blocks.length; i += 500) {
    const part = blocks.slice(i, i + 500);
    await db.execute(sql`
      insert into metric_blocks (organisation_id, subject_kind, subject_id, tier, start, data)
      select o, k, s, t, st, decode(d, 'hex')
      from unnest(${arrayLiteral(part.map((b) => b.organisationId))}::uuid[],
                  ${arrayLiteral(part.map((b) => b.kind))}::text[],
                  ${arrayLiteral(part.map((b) => b.id))}::uuid[],
                  ${arrayLiteral(part.map((b) => b.tier))}::int[],
                  ${arrayLiteral(part.map((b) => b.start))}::bigint[],
                  ${arrayLiteral(part.map((b) => encodeBlock(b.block).toString('hex')))}::text[]) as x(o, k, s, t, st, d)
      on conflict (subject_id, subject_kind, tier, start) do update set data = excluded.data`);
  }
}

/** Drops the blocks of each tier whose whole period is older than the tier keeps. */
export async function dropExpiredBlocks(db: Db, now: number): Promise<number> {
  let dropped = 0;
  for (const tier of [60, 300, 3600] as const) {
    const before = now - TIERS[tier].keepSeconds - blockSeconds(tier);
    const res = await db.execute(sql`delete from metric_blocks where tier = ${tier} and start < ${before} returning 1`);
    dropped += rowsOf(res).length;
  }
  return dropped;
}

/**
 * A page of subjects' blocks of one tier whose period overlaps [from, to): the subjects after `after` (by id), at
 * most `limit` of them, so a rollup of 5,000 guests holds a few hundred in memory at a time.
 */
export async function loadBlocksPage(
  db: Db,
  tier: TierSeconds,
  from: number,
  to: number,
  after: string,
  limit: number,
): Promise<StoredBlock[]> {
  const res = await db.execute(sql`
    select organisation_id::text as org, subject_kind as kind, subject_id::text as id, start::float8 as start,
      encode(data, 'hex') as data
    from metric_blocks
    where tier = ${tier} and start >= ${blockStartOf(tier, from)} and start < ${to}
      and subject_id in (
        select distinct subject_id from metric_blocks
        where tier = ${tier} and start >= ${blockStartOf(tier, from)} and start < ${to} and subject_id > ${after}::uuid
        order by subject_id limit ${limit})
    order by subject_id`);
  return rowsOf<{ org: string; kind: SubjectKind; id: string; start: number; data: unknown }>(res).map((r) => ({
    organisationId: r.org,
    kind: r.kind,
    id: r.id,
    tier,
    start: Number(r.start),
    block: decodeBlock(toBytes(r.data)),
  }));
}
