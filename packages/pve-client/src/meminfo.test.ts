import { describe, expect, it } from 'vitest';
import { parseMeminfo } from './meminfo';

const MEMINFO = `MemTotal:        8131884 kB
MemFree:          412880 kB
MemAvailable:    5123000 kB
Buffers:          101234 kB
Cached:          4512345 kB
SwapCached:            0 kB
SwapTotal:       2097148 kB
SwapFree:        2097148 kB
SReclaimable:     120000 kB
HugePages_Total:       0
Hugepagesize:       2048 kB
`;

describe('parseMeminfo', () => {
  it('reads kB (KiB) lines as bytes, unitless lines as numbers', () => {
    const m = parseMeminfo(MEMINFO);
    expect(m).toMatchObject({
      totalBytes: 8131884 * 1024,
      availableBytes: 5123000 * 1024,
      availableEstimated: false,
      freeBytes: 412880 * 1024,
      buffersBytes: 101234 * 1024,
      cachedBytes: 4512345 * 1024,
      swapTotalBytes: 2097148 * 1024,
      swapFreeBytes: 2097148 * 1024,
    });
    expect(m?.fields['HugePages_Total']).toBe(0);
    expect(m?.fields['Hugepagesize']).toBe(2048 * 1024);
  });

  it('estimates MemAvailable on old kernels (MemFree + Buffers + Cached + SReclaimable), never above MemTotal', () => {
    const old = MEMINFO.replace(/^MemAvailable:.*\n/m, '');
    const m = parseMeminfo(old);
    expect(m?.availableEstimated).toBe(true);
    expect(m?.availableBytes).toBe((412880 + 101234 + 4512345 + 120000) * 1024);
    expect(parseMeminfo('MemTotal: 100 kB\nMemAvailable: 200 kB\n')?.availableBytes).toBe(100 * 1024);
  });

  it('accepts CRLF and odd spacing; null without MemTotal', () => {
    expect(parseMeminfo('MemTotal:\t1024 kB\r\nMemAvailable: 512 kB\r\n')).toMatchObject({
      totalBytes: 1024 * 1024,
      availableBytes: 512 * 1024,
    });
    expect(parseMeminfo('')).toBeNull();
    expect(parseMeminfo('<html>error</html>')).toBeNull();
    expect(parseMeminfo('MemFree: 12 kB\n')).toBeNull();
  });
});
