// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('writes bytes in binary multiples with three significant digits at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1.25 * 2 ** 30)).toBe('1.25 GiB');
    expect(formatBytes(5 * 2 ** 30)).toBe('5 GiB');
    expect(formatBytes(123.456 * 2 ** 20)).toBe('123 MiB');
    expect(formatBytes(12.345 * 2 ** 40)).toBe('12.3 TiB');
    expect(formatBytes(3 * 2 ** 60)).toBe('3,072 PiB');
  });

  it('keeps the sign of a negative size (a shrinking storage)', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KiB');
  });

  it('writes an unknown size as an em dash', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it("follows the reader's language", () => {
    expect(formatBytes(1536, 'fr')).toBe('1,5 KiB');
    expect(formatBytes(3.4 * 2 ** 40, 'de')).toBe('3,4 TiB');
  });
});
