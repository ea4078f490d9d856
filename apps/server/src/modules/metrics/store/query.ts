import type { MemorySource, MetricsCf, MetricsRange, MetricsSeries } from '@proxai/contract';
import type { Db } from '../../../db/client';
import { blockSeconds, loadBlocks, type StoredBlock, type TierSeconds } from './blocks';
import { apiFactor, CORE_METRICS, KIND_METRICS, METRIC_INDEX, unitOf, type MetricName, type Subject } from './catalogue';
import { emptyPair, fillGaps, type Block, type SeriesPair } from './codec';
import { bucketSamples, coarsen } from './rollup-math';
import { stagedSamples } from './staging';

/** Each range's length and the tier it reads (30 days of 5-minute steps = 8,640 points). */
export const RANGES: Record<MetricsRange, { seconds: number; tier: TierSeconds }> = {
  '1h': { seconds: 3600, tier: 60 },
  '24h': { seconds: 86400, tier: 60 },
  '7d': { seconds: 7 * 86400, tier: 300 },
  '30d': { seconds: 30 * 86400, tier: 300 },
  '1y': { seconds: 365 * 86400, tier: 3600 },
};

/** A mem_agent figure younger than this makes the guest agent the memory source. */
const AGENT_FRESH_SECONDS = 30 * 60;

/** API values are rounded to what a chart can show (keeps a 30-day answer small). */
function rounder(metric: MetricName): (v: number) => number {
  const unit = unitOf(metric);
  if (unit === 'bytes' || unit === 'bytes/s') return Math.round;
  return (v) => Math.round(v * 1000) / 1000;
}

/**
 * One subject's chart data over `range` (ending at `now`): every step of the range in `t`, each series with one
 * value per step and null where nothing was stored (never interpolated). The range's tier gives the steps; the
 * last hour or two, not rolled up yet, comes from the 1-minute tier and the staged samples.
 */
export async function querySeries(
  db: Db,
  organisationId: string,
  subject: Subject,
  range: MetricsRange,
  cf: MetricsCf,
  now: Date = new Date(),
): Promise<MetricsSeries> {
  const { seconds, tier } = RANGES[range];
  const nowS = Math.floor(now.getTime() / 1000);
  const n = seconds / tier;
  const last = Math.floor(nowS / tier) * tier;
  const t0 = last - (n - 1) * tier;
  const end = last + tier;

  const stored = await loadBlocks(db, [subject], tier, t0, end, organisationId);
  const result = place(stored, t0, tier, n);

  // The recent part: 1-minute blocks, then the staged samples not compacted yet, into the range's steps.
  const tailFrom = Math.max(t0, Math.floor(nowS / 3600) * 3600 - 3600);
  const minutes = Math.ceil((end - tailFrom) / 60);
  const [recentBlocks, staged] = await Promise.all([
    tier === 60 ? Promise.resolve([]) : loadBlocks(db, [subject], 60, tailFrom, end, organisationId),
    stagedSamples(db, organisationId, subject, tailFrom, end),
  ]);
  const fine = coarsen(
    recentBlocks.map((b) => ({ start: b.start, step: 60, block: b.block })),
    tailFrom,
    60,
    minutes,
  );
  fillGaps(fine, bucketSamples(staged, tailFrom, 60, minutes));
  const tailSteps = Math.ceil((end - tailFrom) / tier);
  const tail = coarsen([{ start: tailFrom, step: 60, block: fine }], tailFrom, tier, tailSteps);
  const offset = Math.round((tailFrom - t0) / tier);
  const shifted = { n, series: new Map([...tail.series].map(([i, p]) => [i, shift(p, offset, n)])) };
  fillGaps(result, shifted);

  const t = Array.from({ length: n }, (_, j) => t0 + j * tier);
  const series: Record<string, (number | null)[]> = {};
  const units: Record<string, string> = {};
  for (const metric of KIND_METRICS[subject.kind]) {
    const pair = result.series.get(METRIC_INDEX.get(metric)!);
    if (!pair && !CORE_METRICS[subject.kind].includes(metric)) continue;
    const factor = apiFactor(metric);
    const round = rounder(metric);
    const out = new Array<number | null>(n).fill(null);
    if (pair) {
      for (let j = 0; j < n; j++) {
        // A step stored with an average only (some history) shows that average as its maximum.
        const v = cf === 'max' && !Number.isNaN(pair.max[j]!) ? pair.max[j]! : pair.avg[j]!;
        if (!Number.isNaN(v)) out[j] = round(v * factor);
      }
    }
    series[metric] = out;
    units[metric] = unitOf(metric);
  }
  const out: MetricsSeries = { step_seconds: tier, t, series, units };
  if (subject.kind === 'guest')
    out.memory_source = memorySource(fine, tailFrom, nowS, result.series.has(METRIC_INDEX.get('memhost')!));
  return out;
}

/** Blocks of the range's own tier copied into the range's steps (no arithmetic: the steps are the same). */
function place(blocks: readonly StoredBlock[], t0: number, tier: number, n: number): Block {
  const series = new Map<number, SeriesPair>();
  for (const b of blocks) {
    const offset = Math.round((b.start - t0) / tier);
    const from = Math.max(0, -offset);
    const to = Math.min(b.block.n, n - offset);
    if (to <= from) continue;
    for (const [i, pair] of b.block.series) {
      let dst = series.get(i);
      if (!dst) series.set(i, (dst = emptyPair(n)));
      dst.avg.set(pair.avg.subarray(from, to), offset + from);
      dst.max.set(pair.max.subarray(from, to), offset + from);
    }
  }
  return { n, series };
}

function shift(p: { avg: Float64Array; max: Float64Array }, offset: number, n: number) {
  const out = { avg: new Float64Array(n).fill(NaN), max: new Float64Array(n).fill(NaN) };
  for (let j = 0; j < p.avg.length && j + offset < n; j++) {
    out.avg[j + offset] = p.avg[j]!;
    out.max[j + offset] = p.max[j]!;
  }
  return out;
}

/** Guest agent when a mem_agent figure is under 30 minutes old; balloon when PVE 9 gave memhost; else host. */
function memorySource(
  fine: { series: Map<number, { avg: Float64Array }> },
  fineStart: number,
  nowS: number,
  hasMemhost: boolean,
): MemorySource {
  const agent = fine.series.get(METRIC_INDEX.get('mem_agent')!);
  if (agent) {
    for (let j = 0; j < agent.avg.length; j++) {
      if (fineStart + j * 60 >= nowS - AGENT_FRESH_SECONDS && !Number.isNaN(agent.avg[j]!)) return 'guest_agent';
    }
  }
  return hasMemhost ? 'balloon' : 'host';
}

/** The span one stored block of a tier covers (for tests and the bench). */
export const blockSpan = blockSeconds;
