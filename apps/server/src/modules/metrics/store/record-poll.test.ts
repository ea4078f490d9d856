import { describe, expect, it } from 'vitest';
import { ratesBetween } from './record-poll';

describe('rates from counters', () => {
  it('divides the counters’ growth by the time between the polls', () => {
    expect(ratesBetween([1000, 2000, 0, 50], [3000, 2000, 4000, 50], 20)).toEqual({
      netin: 100,
      netout: 0,
      diskread: 200,
      diskwrite: 0,
    });
  });

  it('gives no sample for a counter that went down (a restart), nor without a previous poll', () => {
    expect(ratesBetween([5000, 100, null, 10], [10, 300, 40, 20], 10)).toEqual({ netout: 20, diskwrite: 1 });
    expect(ratesBetween(undefined, [10, 20, 30, 40], 20)).toEqual({});
  });

  it('gives no sample across a long silence or a clock going backwards', () => {
    expect(ratesBetween([0, 0, 0, 0], [600, 600, 600, 600], 301)).toEqual({});
    expect(ratesBetween([0, 0, 0, 0], [600, 600, 600, 600], -5)).toEqual({});
  });
});
