import { describe, expect, it } from 'vitest';
import { RequestCounter } from './request-stats';

describe('RequestCounter', () => {
  it('buckets by minute start, oldest first, and keeps one day of minutes', () => {
    const c = new RequestCounter();
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 30);
    c.record('GET /version', 'pve1', t0 + 60_000);
    c.record('GET /version', 'pve1', t0);
    c.record('GET /nodes/{node}/qemu', 'pve2', t0 + 29_000);
    expect(c.snapshot()).toMatchObject({
      total: 3,
      by_node: { pve1: 2, pve2: 1 },
      by_path: { 'GET /version': 2, 'GET /nodes/{node}/qemu': 1 },
      per_minute: [
        { minute: t0 / 1000 - 30, count: 2 },
        { minute: t0 / 1000 + 30, count: 1 },
      ],
    });
    for (let i = 0; i < 1500; i++) c.record('GET /version', 'pve1', t0 + i * 60_000);
    const minutes = c.snapshot().per_minute;
    expect(minutes).toHaveLength(1440);
    expect(minutes[0]?.minute).toBe(t0 / 1000 - 30 + 60 * 60);
    c.reset();
    expect(c.snapshot()).toMatchObject({ total: 0, by_node: {}, by_path: {}, per_minute: [] });
  });
});
