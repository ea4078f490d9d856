import { describe, expect, it } from 'vitest';
import { guestCounters } from './counters';
import { generateFleet } from './generator';
import { SimNode } from './node-state';
import { guestRrd } from './rrd';
import type { SimGuest } from './types';

// The guests' I/O counters and their rrddata come from one model: a counter's growth over a minute is that minute's
// RRD rate × 60, whatever the uptime, and a restart starts it again from 0.

const KEYS = ['netin', 'netout', 'diskread', 'diskwrite'] as const;

function node(pveVersion: string): SimNode {
  const spec = generateFleet({ nodes: 1, guests: 12, seed: 3, pbs: false });
  const n = spec.nodes[0]!;
  n.pveVersion = pveVersion;
  n.guests = n.guests.map((g, i) => ({ ...g, template: false, status: 'running', uptimeSec: (i + 1) * 9 * 86_400 }));
  return new SimNode(n, { taskDurationMs: 10, ticketLifetimeSec: 7200, authFailDelayMs: 0 });
}

/** The AVERAGE `hour` row of the minute starting at `minute`, read once that minute is over. */
function hourRow(n: SimNode, g: SimGuest, minute: number): Record<string, number> {
  const row = guestRrd(n, g, 'hour', 'AVERAGE', minute + 61).find((r) => r['time'] === minute);
  if (!row) throw new Error(`no row for ${minute}`);
  return row;
}

describe('guest counters', () => {
  it.each(['9.0.3', '8.2.4'])(
    'grow over each minute by that minute’s rrddata rate × 60 (PVE %s), however long the guest has run',
    (version) => {
      const n = node(version);
      const minute = Math.floor(Date.now() / 60_000) * 60 + 120;
      for (const g of n.guests.values()) {
        expect(minute - g.startedAt!).toBeGreaterThan(8 * 86_400);
        // Read as a poller would, every 7 s across three minutes (and at their bounds), in time order.
        const times = new Set([minute, minute + 60, minute + 120, minute + 180]);
        for (let t = minute - 5; t <= minute + 185; t += 7) times.add(t);
        const seen = new Map([...times].sort((x, y) => x - y).map((t) => [t, guestCounters(g, t)]));
        for (const m of [minute, minute + 60, minute + 120]) {
          const a = seen.get(m)!;
          const b = seen.get(m + 60)!;
          const row = hourRow(n, g, m);
          for (const k of KEYS) {
            const rate = (b[k] - a[k]) / 60;
            expect(rate, `${g.vmid} ${k}`).toBeGreaterThan(0);
            expect(Math.abs(rate - row[k]!) / row[k]!, `${g.vmid} ${k} at ${m}`).toBeLessThan(0.001);
          }
        }
        // Never down while the guest runs: every reading is at least the one before.
        const values = [...seen.values()].map((v) => v.netin);
        expect(values).toEqual([...values].sort((x, y) => x - y));
      }
    },
  );

  it('start again from 0 when the guest restarts, and are 0 while it is stopped', () => {
    const n = node('9.0.3');
    const g = [...n.guests.values()][0]!;
    const t = Math.floor(Date.now() / 1000) + 600;
    const before = guestCounters(g, t);
    expect(before.netin).toBeGreaterThan(1e9);
    g.startedAt = t + 10; // a reboot
    expect(guestCounters(g, t + 10).netin).toBe(0);
    const after = guestCounters(g, t + 40);
    expect(after.netin).toBeGreaterThan(0);
    expect(after.netin).toBeLessThan(before.netin / 1000);
    g.status = 'stopped';
    expect(guestCounters(g, t + 50)).toEqual({ netin: 0, netout: 0, diskread: 0, diskwrite: 0 });
  });

  it('follow a load change from the moment it is seen, without a jump', () => {
    const n = node('9.0.3');
    const g = [...n.guests.values()][1]!;
    const t = Math.floor(Date.now() / 60_000) * 60 + 300;
    const a = guestCounters(g, t + 20);
    const b = guestCounters(g, t + 30);
    g.loadProfiles.push({ from: t + 30, until: t + 3600, cpu: 0.95 });
    const c = guestCounters(g, t + 40);
    const d = guestCounters(g, t + 100);
    const before = (b.netin - a.netin) / 10;
    const during = (d.netin - c.netin) / 60;
    // The step up is the profile's rate, not a burst of bytes from the past.
    expect((c.netin - b.netin) / 10).toBeLessThanOrEqual(during * 1.01);
    expect(during).toBeGreaterThan(before);
  });
});
