import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holdsInto, joinTimeframe, rowValues, stepOf, toTiers, type SourceRow } from './rrd-history';

const fixture = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../../../../packages/pve-sim/fixtures/${name}`, import.meta.url), 'utf8')) as {
      data: Record<string, unknown>[];
    }
  ).data;

/** A generated timeframe: `rows` rows of `step` seconds ending before `now`, cpu rising by 0.01 a row. */
function timeframe(step: number, rows: number, now: number, extra: (t: number) => Record<string, unknown> = () => ({})) {
  const end = Math.floor(now / step) * step;
  return Array.from({ length: rows }, (_, i) => {
    const time = end - (rows - i) * step;
    return { time, cpu: 0.01 * i, maxcpu: 4, ...extra(time) };
  });
}

describe('rrddata → samples', () => {
  it('renames the node keys of a real PVE 8 answer and keeps the absent ones absent', () => {
    const rows = fixture('pve-node-rrddata-hour.json');
    const v = rowValues('node', rows[0]!);
    expect(v).toMatchObject({ cpu: rows[0]!.cpu, mem: rows[0]!.memused, maxmem: rows[0]!.memtotal, disk: rows[0]!.rootused });
    expect(v.maxdisk).toBe(rows[0]!.roottotal);
    expect(v.swap).toBe(0);
    expect(v.maxswap).toBe(0);
    expect('memavailable' in v).toBe(false);
    expect('pressure_cpu_some' in v).toBe(false);
    expect(stepOf(rows)).toBe(60);
  });

  it('reads the PVE 9 keys (memhost, memavailable, arcsize, pressure) and ignores null or text', () => {
    const guest = rowValues('guest', {
      time: 1,
      cpu: 0.5,
      mem: 10,
      memhost: 20,
      pressurecpusome: 1.5,
      pressureiofull: 0.2,
      netin: null,
    });
    expect(guest).toEqual({ cpu: 0.5, mem: 10, memhost: 20, pressure_cpu_some: 1.5, pressure_io_full: 0.2 });
    const node = rowValues('node', { time: 1, memavailable: 5, arcsize: 7, pressurememorysome: 3, cpu: 'x' });
    expect(node).toEqual({ memavailable: 5, arcsize: 7, pressure_memory_some: 3 });
    // A stopped guest's row: only the static keys.
    expect(rowValues('guest', { time: 1, maxcpu: 2, maxmem: 100, maxdisk: 200, disk: 0 })).toEqual({
      maxmem: 100,
      maxdisk: 200,
      disk: 0,
    });
  });

  it('spreads coarse PVE steps only into tiers up to 36 times finer, and anything into the hourly tier', () => {
    expect(([60, 300, 3600] as const).map((t) => holdsInto(1800, t))).toEqual([true, true, false]);
    expect(([60, 300, 3600] as const).map((t) => holdsInto(10_800, t))).toEqual([false, true, true]);
    expect(([60, 300, 3600] as const).map((t) => holdsInto(43_200, t))).toEqual([false, false, true]);
    expect(([60, 300, 3600] as const).map((t) => holdsInto(604_800, t))).toEqual([false, false, true]);
    expect(([60, 300, 3600] as const).map((t) => holdsInto(60, t))).toEqual([false, false, false]);
  });
});

describe('toTiers', () => {
  const now = 1_800_000_000; // a multiple of 3600

  it('PVE 9: 1-min rows fill the 60 s tier and average into 5 min and 1 h; 30-min rows spread into 5 min', () => {
    const day = timeframe(60, 1440, now);
    const dayMax = day.map((r) => ({ ...r, cpu: r.cpu + 0.5 }));
    const month = timeframe(1800, 1440, now);
    const tiers = toTiers([joinTimeframe('guest', day, dayMax, 60), joinTimeframe('guest', month, month, 1800)], now);
    const t60 = tiers.get(60)!;
    // The last day from 1-min rows, the day before (the tier keeps 48 h) from 30-min rows.
    expect(t60).toHaveLength(2880);
    expect(t60.filter((r) => r.t >= now - 86_400)).toHaveLength(1440);
    const firstOfDay = t60.find((r) => r.t === now - 86_400)!;
    expect(firstOfDay.avg.cpu).toBeCloseTo(0);
    expect(firstOfDay.max.cpu).toBeCloseTo(0.5);
    const t300 = tiers.get(300)!;
    // The last day from 1-min rows (averaged 5 at a time), the 29 days before from the 30-min rows, 6 steps each.
    expect(t300.length).toBe(30 * 288);
    const lastDayFirst = t300.find((r) => r.t === now - 86_400)!;
    expect(lastDayFirst.avg.cpu).toBeCloseTo((0 + 0.01 + 0.02 + 0.03 + 0.04) / 5);
    expect(lastDayFirst.max.cpu).toBeCloseTo(0.54);
    const held = t300.filter((r) => r.t >= now - 2 * 86_400 && r.t < now - 2 * 86_400 + 1800);
    expect(held).toHaveLength(6);
    expect(new Set(held.map((r) => r.avg.cpu)).size).toBe(1);
    const t3600 = tiers.get(3600)!;
    // 1-h steps: the last day from 1-min rows, older ones from pairs of 30-min rows (1440 rows = 30 days).
    expect(t3600).toHaveLength(30 * 24);
    const lastHour = t3600.at(-1)!;
    const minutes = day.slice(-60).map((r) => r.cpu);
    expect(lastHour.avg.cpu).toBeCloseTo(minutes.reduce((a, b) => a + b) / 60);
    expect(lastHour.max.cpu).toBeCloseTo(Math.max(...minutes) + 0.5);
  });

  it('PVE 8: 12-h and weekly rows spread into hours, kept within 400 days; 30-min rows into 5 min only', () => {
    const sources = [
      timeframe(60, 70, now),
      timeframe(1800, 70, now),
      timeframe(10_800, 70, now),
      timeframe(43_200, 70, now),
      timeframe(604_800, 70, now),
    ].map((rows, i) => joinTimeframe('node', rows, rows, [60, 1800, 10_800, 43_200, 604_800][i]!));
    const tiers = toTiers(sources, now);
    // 35 h of 30-min rows spread into minutes, the last 70 from the 1-min rows themselves.
    const t60 = tiers.get(60)!;
    expect(t60).toHaveLength(70 * 30);
    expect(t60.at(-1)!.avg.cpu).toBeCloseTo(0.69);
    expect(t60[0]!.avg.cpu).toBeCloseTo(0);
    const t300 = tiers.get(300)!;
    // 70 min of 1-min rows, 35 h of 30-min rows, 8.75 days of 3-h rows: every 5 minutes from the first 3-h row.
    expect(t300.length).toBe((now - sources[2]![0]!.t) / 300);
    const t3600 = tiers.get(3600)!;
    expect(t3600[0]!.t).toBeGreaterThanOrEqual(now - 400 * 86_400);
    expect(t3600.at(-1)!.t).toBe(now - 3600);
    // Every hour of the last 400 days has a row (weekly rows cover what the 12-h ones do not reach).
    expect(t3600.length).toBe(400 * 24);
    // Where 3-h rows exist, they win over the 12-h and weekly ones.
    const threeHourly = sources[2]!;
    const oneOf = threeHourly[10]!;
    expect(t3600.find((r) => r.t === oneOf.t)!.avg.cpu).toBeCloseTo(oneOf.avg.cpu!);
  });

  it('keeps a gap a gap: absent keys and missing rows give no value', () => {
    const rows: SourceRow[] = [
      { t: now - 600, step: 60, avg: { cpu: 0.5 }, max: { cpu: 0.6 } },
      { t: now - 540, step: 60, avg: {}, max: {} },
    ];
    const tiers = toTiers([rows], now);
    expect(tiers.get(60)!.map((r) => r.t)).toEqual([now - 600]);
    // 1 minute of 5 covered: below RRD's xff of one half, no 5-min value.
    expect(tiers.get(300)).toBeUndefined();
  });

  it('handles rows of an old step before new ones (after an 8 → 9 upgrade)', () => {
    const old = timeframe(43_200, 4, now - 86_400);
    const recent = timeframe(1800, 10, now);
    const joined = joinTimeframe('guest', [...old, ...recent], [], 1800);
    expect(joined[0]!.step).toBe(43_200);
    expect(joined.at(-1)!.step).toBe(1800);
  });
});
