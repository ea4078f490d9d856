import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  blockSeconds,
  blockStartOf,
  BLOCKS_LOCK_KEY,
  loadBlocks,
  saveBlocks,
  TIERS,
  type StoredBlock,
  type TierSeconds,
} from './blocks';
import { METRIC_INDEX, type MetricName, type Subject } from './catalogue';
import { emptyPair, fillGaps, type Block } from './codec';

/**
 * Merges new blocks into the stored ones: only steps without a sample are filled (fillGaps), so a step already
 * stored is never overwritten, and blocks that gain nothing are not rewritten. The caller holds BLOCKS_LOCK_KEY.
 */
export async function mergeBlocks(db: Db, tier: TierSeconds, incoming: readonly StoredBlock[]): Promise<number> {
  if (incoming.length === 0) return 0;
  const from = Math.min(...incoming.map((b) => b.start));
  const to = Math.max(...incoming.map((b) => b.start)) + blockSeconds(tier);
  const existing = await loadBlocks(db, incoming, tier, from, to);
  const byKey = new Map(existing.map((b) => [`${b.kind}:${b.id}:${b.start}`, b]));
  const changed: StoredBlock[] = [];
  for (const b of incoming) {
    const old = byKey.get(`${b.kind}:${b.id}:${b.start}`);
    if (!old) {
      if (b.block.series.size > 0) changed.push(b);
      continue;
    }
    if (fillGaps(old.block, b.block)) changed.push(old);
  }
  await saveBlocks(db, changed);
  return changed.length;
}

/**
 * History from rrddata (backfill): rows at one resolution (t = step start, epoch seconds), stored in that tier.
 * Never overwrites a step already stored. Rows outside the tier's retention are skipped. Waits for the blocks'
 * lock: a rollup compacting live samples into the same block meanwhile would otherwise lose them or these rows.
 */
export async function writeHistory(
  db: Db,
  organisationId: string,
  subject: Subject,
  resolutionSeconds: TierSeconds,
  rows: { t: number; avg: Partial<Record<MetricName, number>>; max: Partial<Record<MetricName, number>> }[],
  now: Date = new Date(),
): Promise<void> {
  const tier = resolutionSeconds;
  const oldest = now.getTime() / 1000 - TIERS[tier].keepSeconds;
  const blocks = new Map<number, Block>();
  const n = TIERS[tier].blockSteps;
  const usable = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  for (const row of rows) {
    if (!(row.t >= oldest)) continue;
    const start = blockStartOf(tier, row.t);
    const j = Math.floor((row.t - start) / tier);
    let block = blocks.get(start);
    if (!block) blocks.set(start, (block = { n, series: new Map() }));
    for (const name of new Set([...Object.keys(row.avg), ...Object.keys(row.max)])) {
      const i = METRIC_INDEX.get(name);
      const avg = row.avg[name as MetricName];
      const max = row.max[name as MetricName];
      if (i === undefined || (!usable(avg) && !usable(max))) continue;
      let pair = block.series.get(i);
      if (!pair) block.series.set(i, (pair = emptyPair(n)));
      pair.avg[j] = usable(avg) ? avg : NaN;
      pair.max[j] = usable(max) ? Math.max(max, usable(avg) ? avg : 0) : NaN;
    }
  }
  const incoming = [...blocks].map(([start, block]) => ({
    organisationId,
    kind: subject.kind,
    id: subject.id,
    tier,
    start,
    block,
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BLOCKS_LOCK_KEY})`);
    await mergeBlocks(tx, tier, incoming);
  });
}
