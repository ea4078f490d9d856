import { PveError } from '@proxai/pve-client';
import { describe, expect, it } from 'vitest';
import { fullCycleMinutes, parseMeminfo, readSlots, refusalOf, retryDelayMs } from './agent-logic';

const MEMINFO = `MemTotal:        8124892 kB
MemFree:          312456 kB
MemAvailable:    5123000 kB
Buffers:          101234 kB
Cached:          4512345 kB
SwapCached:            0 kB
HugePages_Total:       0
`;

const refusal = (message: string) =>
  new PveError({
    kind: 'api-error',
    method: 'GET',
    path: '/nodes/pve/qemu/100/agent/file-read',
    status: 500,
    serverMessage: message,
  });

describe('guest-agent reads', () => {
  it('takes MemTotal − MemAvailable (page cache not counted) in bytes', () => {
    expect(parseMeminfo(MEMINFO)).toEqual({ total: 8124892 * 1024, available: 5123000 * 1024 });
  });

  it('estimates MemAvailable on old kernels and refuses a text without MemTotal', () => {
    const old = MEMINFO.replace(/MemAvailable.*\n/, '');
    expect(parseMeminfo(old)!.available).toBe((312456 + 101234 + 4512345) * 1024);
    expect(parseMeminfo('garbage')).toBeNull();
    expect(parseMeminfo('')).toBeNull();
  });

  it("recognises PVE's two refusals", () => {
    expect(refusalOf(refusal('No QEMU guest agent configured\n'))).toBe('not_configured');
    expect(refusalOf(refusal('QEMU guest agent is not running\n'))).toBe('not_running');
    expect(refusalOf(refusal('VM 100 not running\n'))).toBe('error');
    expect(refusalOf(new Error('socket hang up'))).toBe('error');
  });

  it('backs off a refusing VM from 30 minutes, doubling to 6 hours', () => {
    expect(retryDelayMs('not_configured', 1)).toBe(30 * 60_000);
    expect(retryDelayMs('not_running', 2)).toBe(60 * 60_000);
    expect(retryDelayMs('not_running', 10)).toBe(6 * 3600_000);
    expect(retryDelayMs('error', 1)).toBe(10 * 60_000);
  });

  it('spreads a minute of reads evenly and never beyond the budget', () => {
    expect(readSlots(20, 0, 500)).toHaveLength(20);
    expect(readSlots(20, 0, 500)[1]).toBe(3000);
    expect(readSlots(20, 0, 500).at(-1)).toBe(57_000);
    expect(readSlots(20, 0, 3)).toEqual([0, 3000, 6000]);
    expect(readSlots(0, 0, 3)).toEqual([]);
    // Started 10 s late: from 10 s on, still 3 s apart, not a burst of the missed ones.
    expect(readSlots(20, 10_000, 500).slice(0, 3)).toEqual([10_000, 13_000, 16_000]);
    expect(readSlots(20, 10_000, 500)).toHaveLength(17);
    expect(readSlots(20, 60_000, 500)).toEqual([]);
    expect(fullCycleMinutes(500, 20)).toBe(25);
    expect(fullCycleMinutes(7, 20)).toBe(1);
    expect(fullCycleMinutes(0, 20)).toBe(0);
  });
});
