// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

describe('formatValue', () => {
  it('names the unit of each kind of series, and a gap as an em dash', () => {
    expect(formatValue('percent', 55.25)).toBe('55 %');
    expect(formatValue('percent', 2.345)).toBe('2.3 %');
    expect(formatValue('bytes/s', 1_572_864)).toBe('1.5 MiB/s');
    expect(formatValue('bytes', 2 ** 30)).toBe('1 GiB');
    expect(formatValue('load', 1.234)).toBe('1.23');
    expect(formatValue('percent', null)).toBe('—');
    expect(formatValue('bytes', Number.NaN)).toBe('—');
  });

  it("follows the reader's language", () => {
    expect(formatValue('bytes', 1536, 'fr')).toBe('1,5 KiB');
    expect(formatValue('bytes/s', 1_572_864, 'de')).toBe('1,5 MiB/s');
  });
});
