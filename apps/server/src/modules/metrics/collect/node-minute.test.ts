import { describe, expect, it } from 'vitest';
import { dueMinute } from './node-minute';

describe('the node minute a poll reads', () => {
  const m = 1_790_000_040; // a minute's start (epoch s)

  it('is the last minute over for at least 15 s (pvestatd writes its row within 10 s)', () => {
    expect(dueMinute((m + 60 + 15) * 1000)).toBe(m);
    expect(dueMinute((m + 60 + 59) * 1000)).toBe(m);
    expect(dueMinute((m + 60 + 14) * 1000)).toBe(m - 60);
  });

  it('moves on once a minute, so a host polled every 5 s is read once a minute', () => {
    const due = new Set<number>();
    for (let t = (m + 15) * 1000; t < (m + 615) * 1000; t += 5000) due.add(dueMinute(t));
    expect(due.size).toBe(10);
  });
});
