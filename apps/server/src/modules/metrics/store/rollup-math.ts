import { METRIC_NAMES } from './catalogue';
import { emptyPair, type Block } from './codec';

// The arithmetic of the tiers, free of the database: samples → steps, fine steps → coarse steps.

/** Accumulates avg (mean of what it is given) and max per metric and step. */
class Accumulator {
  private readonly sum = new Map<number, Float64Array>();
  private readonly count = new Map<number, Float64Array>();
  private readonly max = new Map<number, Float64Array>();

  constructor(readonly n: number) {}

  add(metric: number, step: number, avg: number, max: number): void {
    if (step < 0 || step >= this.n) return;
    if (!this.sum.has(metric)) {
      this.sum.set(metric, new Float64Array(this.n));
      this.count.set(metric, new Float64Array(this.n));
      this.max.set(metric, new Float64Array(this.n).fill(NaN));
    }
    if (!Number.isNaN(avg)) {
      this.sum.get(metric)![step]! += avg;
      this.count.get(metric)![step]! += 1;
    }
    // A step's maximum: the highest maximum seen, or the highest average when no maximum came with it.
    const m = Number.isNaN(max) ? avg : max;
    const maxes = this.max.get(metric)!;
    if (!Number.isNaN(m) && !(m <= maxes[step]!)) maxes[step] = m;
  }

  block(): Block {
    const series = new Map<number, ReturnType<typeof emptyPair>>();
    for (const [metric, sum] of this.sum) {
      const count = this.count.get(metric)!;
      const pair = emptyPair(this.n);
      let any = false;
      for (let j = 0; j < this.n; j++) {
        if (count[j]! > 0) pair.avg[j] = sum[j]! / count[j]!;
        pair.max[j] = this.max.get(metric)![j]!;
        if (!Number.isNaN(pair.avg[j]!) || !Number.isNaN(pair.max[j]!)) any = true;
      }
      if (any) series.set(metric, pair);
    }
    return { n: this.n, series };
  }
}

/**
 * Live samples (epoch seconds, values indexed like METRIC_NAMES, null = none) → `n` steps of `step` seconds from
 * `start`: each step's mean and maximum of the samples inside it. A step without samples stays empty (a gap).
 */
export function bucketSamples(
  samples: readonly { at: number; values: readonly (number | null)[] }[],
  start: number,
  step: number,
  n: number,
): Block {
  const acc = new Accumulator(n);
  for (const s of samples) {
    const j = Math.floor((s.at - start) / step);
    s.values.forEach((v, i) => {
      if (v !== null && i < METRIC_NAMES.length) acc.add(i, j, v, v);
    });
  }
  return acc.block();
}

/**
 * Fine steps → coarse steps: the coarse average is the mean of the fine averages present (missing fine steps are
 * left out, not counted as zero), the coarse maximum the highest fine maximum, so a 3-minute spike survives in
 * `max` at its full height while `avg` spreads it over the step.
 */
export function coarsen(
  fine: readonly { start: number; step: number; block: Block }[],
  start: number,
  step: number,
  n: number,
): Block {
  const acc = new Accumulator(n);
  for (const f of fine) {
    for (const [metric, pair] of f.block.series) {
      for (let j = 0; j < f.block.n; j++) {
        const t = f.start + j * f.step;
        if (t < start) continue;
        acc.add(metric, Math.floor((t - start) / step), pair.avg[j]!, pair.max[j]!);
      }
    }
  }
  return acc.block();
}

/** Whether a block holds any sample at all. */
export const isEmpty = (b: Block): boolean => b.series.size === 0;
