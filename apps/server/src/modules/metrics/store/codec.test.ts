import { describe, expect, it } from 'vitest';
import { METRIC_INDEX } from './catalogue';
import { decodeBlock, emptyPair, encodeBlock, fillGaps, stepExponent, type Block } from './codec';

const CPU = METRIC_INDEX.get('cpu')!;
const MEM = METRIC_INDEX.get('mem')!;
const NETIN = METRIC_INDEX.get('netin')!;

function block(metric: number, n: number, fill: (j: number) => [number, number]): Block {
  const pair = emptyPair(n);
  for (let j = 0; j < n; j++) [pair.avg[j], pair.max[j]] = fill(j);
  return { n, series: new Map([[metric, pair]]) };
}

const roundTrip = (b: Block) => decodeBlock(encodeBlock(b));

/** The largest error of a decoded metric, as a fraction of the block's range (0 … highest value). */
function worstError(b: Block, metric: number): number {
  const back = roundTrip(b).series.get(metric)!;
  const src = b.series.get(metric)!;
  const range = Math.max(...src.avg.filter((v) => !Number.isNaN(v)), ...src.max.filter((v) => !Number.isNaN(v)));
  let worst = 0;
  for (let j = 0; j < b.n; j++) {
    for (const [a, c] of [
      [src.avg[j]!, back.avg[j]!],
      [src.max[j]!, back.max[j]!],
    ] as const) {
      if (Number.isNaN(a)) expect(Number.isNaN(c)).toBe(true);
      else worst = Math.max(worst, Math.abs(a - c) / range);
    }
  }
  return worst;
}

describe('quantisation', () => {
  it('keeps every value within 0.05 % of the range (bytes/s spanning 1 B/s to 10 GB/s)', () => {
    const b = block(NETIN, 240, () => {
      const v = Math.random() ** 6 * 1e10;
      return [v, v * (1 + Math.random())];
    });
    const worst = worstError(b, NETIN);
    expect(worst).toBeLessThanOrEqual(0.0005);
    expect(worst).toBeGreaterThan(0.0001); // it does quantise
  });

  it('stores CPU in steps of 0.05 % of 0–100 %, and exact small byte counts', () => {
    const cpu = block(CPU, 60, (j) => [j / 60, Math.min(1, j / 50)]);
    expect(worstError(cpu, CPU)).toBeLessThanOrEqual(0.00025 / 1);
    const small = block(MEM, 10, (j) => [j * 100, j * 100 + 7]);
    expect([...roundTrip(small).series.get(MEM)!.max]).toEqual([7, 107, 207, 307, 407, 507, 607, 707, 807, 907]);
  });

  it('stays within 0.1 % when a block is rewritten with ever higher maxima', () => {
    let b = block(MEM, 100, (j) => [j < 10 ? 1e9 + j * 123_457 : NaN, j < 10 ? 1e9 + j * 123_457 : NaN]);
    const truth = [...b.series.get(MEM)!.avg];
    for (let step = 10; step < 100; step++) {
      b = roundTrip(b);
      const v = 1e9 * 1.07 ** step;
      b.series.get(MEM)!.avg[step] = v;
      b.series.get(MEM)!.max[step] = v;
      truth[step] = v;
    }
    const back = roundTrip(b).series.get(MEM)!.avg;
    const range = Math.max(...truth);
    for (let j = 0; j < 100; j++) expect(Math.abs(back[j]! - truth[j]!) / range).toBeLessThanOrEqual(0.001);
  });

  it('picks the smallest step that fits the block in 11 bits', () => {
    expect(stepExponent(0)).toBe(0);
    expect(stepExponent(2047)).toBe(0);
    expect(stepExponent(2048)).toBe(1);
    expect(stepExponent(1e10)).toBe(23);
  });
});

describe('blocks', () => {
  it('round-trips avg and max with gaps, and compresses a smooth series below a byte per value', () => {
    const n = 288;
    const b = block(NETIN, n, (j) =>
      j >= 100 && j < 110 ? [NaN, NaN] : [1e6 * (2 + Math.sin(j / 20)), 1e6 * (2.2 + Math.sin(j / 20))],
    );
    expect(worstError(b, NETIN)).toBeLessThanOrEqual(0.0005);
    expect(encodeBlock(b).length).toBeLessThan(n * 2);
  });

  it('keeps a maximum below its average and a maximum without an average', () => {
    const b = block(MEM, 3, (j) => [[5, NaN, 10][j]!, [4, 7, 10][j]!]);
    const pair = roundTrip(b).series.get(MEM)!;
    expect([...pair.avg]).toEqual([5, NaN, 10]);
    expect([...pair.max]).toEqual([4, 7, 10]);
  });

  it('fills gaps only: a stored step is never overwritten', () => {
    const target = block(NETIN, 4, (j) => (j === 1 ? [NaN, NaN] : [1, 1]));
    const source = block(NETIN, 4, () => [9, 9]);
    expect(fillGaps(target, source)).toBe(true);
    expect([...target.series.get(NETIN)!.avg]).toEqual([1, 9, 1, 1]);
    expect(fillGaps(target, source)).toBe(false);
  });
});
