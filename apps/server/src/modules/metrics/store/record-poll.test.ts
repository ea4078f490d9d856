import { describe, expect, it } from 'vitest';
import { ratesBetween } from './record-poll';

const T = 1_790_000_000_000;
const reading = (atS: number, uptime: number | null, values: (number | null)[]) => ({ at: T + atS * 1000, uptime, values });

describe('rates from counters', () => {
  it('divides the counters’ growth by the time PVE sampled them apart (their uptimes)', () => {
    const prev = reading(0, 5000, [1000, 2000, 0, 50]);
    // Read 20 s apart by us, but sampled 16 s apart by PVE (pvestatd refreshes every 10 s).
    const cur = reading(20, 5016, [2600, 2000, 3200, 50]);
    expect(ratesBetween(prev, cur)).toEqual({ rates: { netin: 100, netout: 0, diskread: 200, diskwrite: 0 }, keep: cur });
  });

  it('uses our clock when the entries carry no uptime', () => {
    const { rates } = ratesBetween(reading(0, null, [0, 0, 0, 0]), reading(20, null, [2000, 0, 0, 0]));
    expect(rates.netin).toBe(100);
  });

  it('gives nothing from a second reading of one PVE sample, and keeps the older one for the next rate', () => {
    const prev = reading(0, 5000, [1000, 0, 0, 0]);
    const same = reading(4, 5000, [1000, 0, 0, 0]);
    expect(ratesBetween(prev, same)).toEqual({ rates: {}, keep: prev });
    const next = reading(14, 5010, [2000, 0, 0, 0]);
    expect(ratesBetween(prev, next).rates.netin).toBe(100);
  });

  it('gives no sample without a previous reading (a first poll, a restarted portal)', () => {
    const cur = reading(0, 10, [10, 20, 30, 40]);
    expect(ratesBetween(undefined, cur)).toEqual({ rates: {}, keep: cur });
  });

  it('gives no sample when the guest restarted: uptime back, a counter back, or an uptime that did not follow the clock', () => {
    const prev = reading(0, 86_400 * 40, [5e12, 100, 7e11, 10]);
    const rebooted = reading(20, 12, [40_000, 300, 1e6, 20]);
    expect(ratesBetween(prev, rebooted)).toEqual({ rates: {}, keep: rebooted });
    // A counter that went down gives nothing for it (the others still count).
    expect(ratesBetween(reading(0, 100, [5000, 100, null, 10]), reading(10, 110, [10, 300, 40, 20])).rates).toEqual({
      netout: 20,
      diskwrite: 1,
    });
    // Up 10 s at the last poll, then restarted and up 25 s 40 s later: the uptimes say 15 s, our clock 40 s.
    const quick = reading(40, 25, [9e9, 9e9, 9e9, 9e9]);
    expect(ratesBetween(reading(0, 10, [1, 1, 1, 1]), quick)).toEqual({ rates: {}, keep: quick });
  });

  it('gives no sample across a long silence or a clock going backwards', () => {
    expect(ratesBetween(reading(0, null, [0, 0, 0, 0]), reading(301, null, [600, 600, 600, 600])).rates).toEqual({});
    expect(ratesBetween(reading(0, null, [0, 0, 0, 0]), reading(-5, null, [600, 600, 600, 600])).rates).toEqual({});
  });
});
