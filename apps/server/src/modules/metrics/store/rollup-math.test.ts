import { describe, expect, it } from 'vitest';
import { METRIC_INDEX, METRIC_NAMES } from './catalogue';
import { bucketSamples, coarsen } from './rollup-math';

const CPU = METRIC_INDEX.get('cpu')!;
const sample = (at: number, cpu: number | null) => ({
  at,
  values: METRIC_NAMES.map((m) => (m === 'cpu' ? cpu : null)),
});

describe('rollup maths', () => {
  it('buckets samples into steps: mean and max per step, an empty step stays a gap', () => {
    const b = bucketSamples([sample(0, 0.1), sample(20, 0.3), sample(40, 0.2), sample(130, 0.5), sample(140, null)], 0, 60, 3);
    const cpu = b.series.get(CPU)!;
    expect(cpu.avg[0]).toBeCloseTo(0.2);
    expect(cpu.max[0]).toBeCloseTo(0.3);
    expect(Number.isNaN(cpu.avg[1]!)).toBe(true);
    expect(Number.isNaN(cpu.max[1]!)).toBe(true);
    expect(cpu.avg[2]).toBeCloseTo(0.5);
    expect(b.series.size).toBe(1);
  });

  it('coarsens 1-minute steps: a 3-minute spike keeps its height in max, is spread in avg; gaps are not zeros', () => {
    const minutes = Array.from({ length: 10 }, (_, j) => (j >= 1 && j <= 3 ? 0.95 : j === 7 ? NaN : 0.05));
    const fine = bucketSamples(
      minutes.map((v, j) => sample(j * 60, Number.isNaN(v) ? null : v)),
      0,
      60,
      10,
    );
    const coarse = coarsen([{ start: 0, step: 60, block: fine }], 0, 300, 2).series.get(CPU)!;
    expect(coarse.max[0]).toBeCloseTo(0.95);
    expect(coarse.avg[0]).toBeCloseTo((0.05 * 2 + 0.95 * 3) / 5);
    // The second step has 4 minutes of 0.05 and one gap: the gap does not pull the mean down.
    expect(coarse.avg[1]).toBeCloseTo(0.05);
  });

  it('a coarse step with no fine sample is a gap', () => {
    const fine = bucketSamples([sample(0, 0.5)], 0, 60, 10);
    const coarse = coarsen([{ start: 0, step: 60, block: fine }], 0, 300, 2).series.get(CPU)!;
    expect(Number.isNaN(coarse.avg[1]!)).toBe(true);
  });
});
