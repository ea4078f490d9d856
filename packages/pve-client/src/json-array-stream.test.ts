import { describe, expect, it } from 'vitest';
import { DataArrayReader, JsonStreamError } from './json-array-stream';

const enc = new TextEncoder();

/** Feeds the text in pieces of the given sizes (cycled) and answers the items read. */
function read(text: string, sizes: number[]): { items: unknown[]; reader: DataArrayReader } {
  const items: unknown[] = [];
  const reader = new DataArrayReader((i) => items.push(i));
  const bytes = enc.encode(text);
  let at = 0;
  for (let k = 0; at < bytes.length; k++) {
    const n = sizes[k % sizes.length] ?? 1;
    reader.push(bytes.subarray(at, at + n));
    at += n;
  }
  reader.end();
  return { items, reader };
}

const SAMPLES = [
  {
    data: [
      { volid: 'local:backup/a.vma.zst', size: 1, notes: 'x,"y"]}{\\', vmid: 100 },
      { volid: 'é→😀', nested: { a: [1, { b: '}' }] } },
    ],
  },
  { total: 2, data: [1, 'two', null, true, [3, [4]], {}], message: 'ok', errors: { a: ['[', '{'] } },
  { data: [] },
  { before: [{ data: [9] }], data: ['only'], after: 'data' },
];

describe('DataArrayReader', () => {
  it.each(SAMPLES.map((s) => [JSON.stringify(s).slice(0, 40), s] as const))('reads %s in every split', (_name, sample) => {
    for (const text of [JSON.stringify(sample), JSON.stringify(sample, null, 2)]) {
      const whole = read(text, [text.length * 4]);
      expect(whole.items).toEqual(sample.data);
      // Every size of piece, down to one byte (multi-byte characters split across pieces).
      for (const size of [1, 2, 3, 5, 7, 64]) expect(read(text, [size]).items).toEqual(sample.data);
    }
  });

  it('holds one item at most, however long the array', () => {
    const data = Array.from({ length: 5_000 }, (_, i) => ({
      volid: `local:backup/vzdump-qemu-${100 + i}.vma.zst`,
      size: i,
      ctime: 1_700_000_000 + i,
    }));
    const text = JSON.stringify({ data });
    const { items, reader } = read(text, [4096, 1000, 17]);
    expect(items).toHaveLength(5_000);
    expect(items[4_999]).toEqual(data[4_999]);
    expect(text.length).toBeGreaterThan(300_000);
    expect(reader.maxBufferedChars).toBeLessThan(200);
  });

  it('refuses what is not an object with a data array', () => {
    for (const bad of [
      '[1,2]',
      '{"data":null}',
      '{"data":[1,2}',
      '{"data":[1]',
      '{"total":1}',
      '{"data":[1]} x',
      '{"data":[{"a":}]}',
    ]) {
      expect(() => read(bad, [3]), bad).toThrow(JsonStreamError);
    }
  });
});
