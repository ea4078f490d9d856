import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { METRIC_NAMES, quantumScale } from './catalogue';

/**
 * How a run of steps is stored (one block = one subject, one tier, one period). Each metric of a block is quantised
 * linearly to a step q = (the metric's finest quantum) × 2^k, the smallest such that the block's highest value is at
 * most 2047 steps: a value is off by at most q/2 ≤ 0.05 % of the block's range (so of the metric's), and a block
 * rewritten with a higher maximum (q doubles) stays within q ≤ 0.1 % in total, since each old value was already a
 * multiple of the half-step. 0xFFFF stands for "no sample" (a gap stays a gap). The averages are delta-coded, each
 * maximum stored as its distance above the average, the low and high bytes of all codes split into two planes, and
 * the whole deflated: smooth series shrink to well under a byte per value.
 */

export const NULL_CODE = 0xffff;
/** The highest code of a value: 11 bits. */
const TOP = 2047;
const VERSION = 2;
const HEADER = 7;
/** zlib's level: 6 (its default) is within 1 % of 9's size here, at a fraction of its time. */
const LEVEL = 6;

/** The exponent k of a metric's step in a block whose highest value is `max` (in finest quanta). */
export function stepExponent(maxQuanta: number): number {
  let k = 0;
  while (maxQuanta / 2 ** k > TOP && k < 255) k++;
  return k;
}

/** A value in steps (already divided by q) → its code; NaN → NULL_CODE; negative → 0. */
const codeOf = (x: number): number => (Number.isNaN(x) ? NULL_CODE : x > 0 ? Math.min(Math.round(x), TOP) : 0);

/** A metric's values over a block's steps; NaN where there was no sample. */
export interface SeriesPair {
  avg: Float64Array;
  max: Float64Array;
}

/** A decoded block: `n` steps, the series of each metric present (keyed by its index in METRIC_NAMES). */
export interface Block {
  n: number;
  series: Map<number, SeriesPair>;
}

export const emptyPair = (n: number): SeriesPair => ({ avg: new Float64Array(n).fill(NaN), max: new Float64Array(n).fill(NaN) });

export function encodeBlock(block: Block): Buffer {
  const n = block.n;
  const indexes = [...block.series.keys()].filter((i) => i < 32 && i < METRIC_NAMES.length).sort((a, b) => a - b);
  let mask = 0;
  for (const i of indexes) mask |= 1 << i;
  const exponents = Buffer.alloc(indexes.length);
  const codes = new Uint16Array(indexes.length * 2 * n);
  let o = 0;
  indexes.forEach((i, x) => {
    const { avg, max } = block.series.get(i)!;
    let top = 0;
    for (let j = 0; j < n; j++) {
      if (avg[j]! > top) top = avg[j]!;
      if (max[j]! > top) top = max[j]!;
    }
    const finest = 1 / quantumScale(i);
    const k = stepExponent(top / finest);
    exponents[x] = k;
    const q = finest * 2 ** k;
    let prev = 0;
    const avgCodes = new Uint16Array(n);
    for (let j = 0; j < n; j++) {
      const c = codeOf(avg[j]! / q);
      avgCodes[j] = c;
      codes[o++] = (c - prev) & 0xffff;
      prev = c;
    }
    // A maximum below its average (a lone max, or rounding) is kept as is: the difference wraps modulo 2^16.
    for (let j = 0; j < n; j++) codes[o++] = (codeOf(max[j]! / q) - avgCodes[j]!) & 0xffff;
  });
  const planes = Buffer.allocUnsafe(exponents.length + codes.length * 2);
  exponents.copy(planes, 0);
  const base = exponents.length;
  for (let j = 0; j < codes.length; j++) {
    planes[base + j] = codes[j]! & 0xff;
    planes[base + codes.length + j] = codes[j]! >> 8;
  }
  const body = deflateRawSync(planes, { level: LEVEL });
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.writeUInt8(VERSION, 0);
  out.writeUInt16LE(n, 1);
  out.writeUInt32LE(mask >>> 0, 3);
  body.copy(out, HEADER);
  return out;
}

export function decodeBlock(data: Uint8Array): Block {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.readUInt8(0) !== VERSION) throw new Error(`unknown metrics block version ${buf.readUInt8(0)}`);
  const n = buf.readUInt16LE(1);
  const mask = buf.readUInt32LE(3);
  const indexes: number[] = [];
  for (let i = 0; i < 32; i++) if (mask & (1 << i)) indexes.push(i);
  const planes = inflateRawSync(buf.subarray(HEADER));
  const count = indexes.length * 2 * n;
  const base = indexes.length;
  if (planes.length !== base + count * 2) throw new Error('corrupt metrics block');
  const series = new Map<number, SeriesPair>();
  // Plain loops over the two byte planes: this runs for every block a chart reads.
  const lo = planes.subarray(base, base + count);
  const hi = planes.subarray(base + count, base + 2 * count);
  let o = 0;
  indexes.forEach((i, x) => {
    const q = (1 / quantumScale(i)) * 2 ** planes[x]!;
    const avg = new Float64Array(n);
    const max = new Float64Array(n);
    const avgCodes = new Uint16Array(n);
    let prev = 0;
    for (let j = 0; j < n; j++, o++) {
      prev = (prev + (lo[o]! | (hi[o]! << 8))) & 0xffff;
      avgCodes[j] = prev;
      avg[j] = prev === NULL_CODE ? NaN : prev * q;
    }
    for (let j = 0; j < n; j++, o++) {
      const c = (avgCodes[j]! + (lo[o]! | (hi[o]! << 8))) & 0xffff;
      max[j] = c === NULL_CODE ? NaN : c * q;
    }
    series.set(i, { avg, max });
  });
  return { n, series };
}

/**
 * Fills the steps of `target` that have no sample with those of `source` (same length), metric by metric. Stored
 * steps are never overwritten: a backfill or a late rollup cannot replace what is already there.
 * Returns whether anything changed.
 */
export function fillGaps(target: Block, source: Block): boolean {
  let changed = false;
  for (const [i, src] of source.series) {
    let dst = target.series.get(i);
    for (let j = 0; j < source.n; j++) {
      if (Number.isNaN(src.avg[j]!) && Number.isNaN(src.max[j]!)) continue;
      if (!dst) {
        dst = emptyPair(target.n);
        target.series.set(i, dst);
      }
      if (!Number.isNaN(dst.avg[j]!) || !Number.isNaN(dst.max[j]!)) continue;
      dst.avg[j] = src.avg[j]!;
      dst.max[j] = src.max[j]!;
      changed = true;
    }
  }
  return changed;
}
