import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation } from '../../testing/factories';
import { BLOCKS_LOCK_KEY } from './store/blocks';
import { latestValues, querySeries, runRetention, runRollup, writeHistory, writeSamples, type Subject } from './store';

// The store on a real database, time driven by the `now` parameters: 31 days of minutes, gaps, retention.

const DAY = 86400;
/** A fixed "today": 2026-03-01T00:00:00Z. */
const T0 = Date.UTC(2026, 2, 1) / 1000;
const at = (s: number) => new Date(s * 1000);
const SPIKE_DAY = 20;
const SPIKE_AT = T0 + SPIKE_DAY * DAY + 10 * 3600; // day 20, 10:00 for 3 minutes

describe.each(TEST_DATABASE_KINDS)('metric store on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let org: string;
  const guest: Subject = { kind: 'guest', id: randomUUID() };
  const count = async (tier: number, before: number) => {
    const res: unknown = await database.db.execute(
      sql`select count(*)::int as n from metric_blocks where tier = ${tier} and start < ${before}`,
    );
    return (res as { rows: { n: number }[] }).rows[0]!.n;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    org = (await buildOrganisation(database.db)).id;
    // 31 days of 1-minute history (as a backfill would write it), rolled up and trimmed at the end of each day.
    for (let d = 0; d < 31; d++) {
      const rows = Array.from({ length: 1440 }, (_, m) => {
        const t = T0 + d * DAY + m * 60;
        const cpu = t >= SPIKE_AT && t < SPIKE_AT + 180 ? 0.95 : 0.1 + 0.02 * Math.sin(m / 30);
        return { t, avg: { cpu, mem: 2e9 + m * 1e5, maxmem: 4e9 }, max: { cpu, mem: 2e9 + m * 1e5, maxmem: 4e9 } };
      });
      const end = at(T0 + (d + 1) * DAY + 60);
      await writeHistory(database.db, org, guest, 60, rows, end);
      await runRollup(database.db, end);
      await runRetention(database.db, end);
    }
  }, 240_000);
  afterAll(async () => {
    await database?.close();
  });

  const now = () => at(T0 + 31 * DAY + 60);

  it('answers 30 days in 5-minute steps (8,640 points), the spike of day 20 at full height in max only', async () => {
    const avg = await querySeries(database.db, org, guest, '30d', 'avg', now());
    const max = await querySeries(database.db, org, guest, '30d', 'max', now());
    expect(avg.step_seconds).toBe(300);
    expect(avg.t.length).toBeGreaterThanOrEqual(8000);
    expect(avg.series['cpu']!.length).toBe(avg.t.length);
    expect(avg.units['cpu']).toBe('percent');
    const j = avg.t.indexOf(SPIKE_AT);
    expect(j).toBeGreaterThan(0);
    expect(max.series['cpu']![j]).toBeCloseTo(95, 0);
    expect(avg.series['cpu']![j]).toBeLessThan(80);
    expect(avg.series['cpu']![j]).toBeCloseTo((95 * 3 + 2 * (10 + 2 * Math.sin(600 / 30))) / 5, 0);
    // Days 1..30 are all there (the range starts inside day 1).
    const present = avg.series['cpu']!.filter((v) => v !== null).length;
    expect(present).toBeGreaterThan(8500);
    expect(avg.memory_source).toBe('host');
  });

  it('answers a year in hourly steps, the spike still in max', async () => {
    const max = await querySeries(database.db, org, guest, '1y', 'max', now());
    expect(max.step_seconds).toBe(3600);
    expect(max.t.length).toBe(8760);
    const j = max.t.indexOf(SPIKE_AT);
    expect(max.series['cpu']![j]).toBeCloseTo(95, 0);
    const avg = await querySeries(database.db, org, guest, '1y', 'avg', now());
    expect(avg.series['cpu']![j]).toBeLessThan(20);
    // Before the first day: nulls, not zeros.
    expect(avg.series['cpu']![0]).toBeNull();
  });

  it('keeps 1-minute steps 48 hours and 5-minute steps 30 days', async () => {
    const end = T0 + 31 * DAY;
    expect(await count(60, end - 2 * DAY - 3600)).toBe(0);
    expect(await count(60, end)).toBeGreaterThan(0);
    expect(await count(300, end - 31 * DAY - DAY)).toBe(0);
    expect(await count(3600, end)).toBeGreaterThan(0);
    const day = await querySeries(database.db, org, guest, '24h', 'avg', now());
    expect(day.step_seconds).toBe(60);
    expect(day.t.length).toBe(1440);
    expect(day.series['cpu']!.filter((v) => v !== null).length).toBeGreaterThan(1400);
  });

  it('never overwrites a stored step with history', async () => {
    await writeHistory(database.db, org, guest, 300, [{ t: SPIKE_AT, avg: { cpu: 0.01 }, max: { cpu: 0.01 } }], now());
    const max = await querySeries(database.db, org, guest, '30d', 'max', now());
    expect(max.series['cpu']![max.t.indexOf(SPIKE_AT)]).toBeCloseTo(95, 0);
  });

  it('shows two missed minutes as two nulls, from staging and after the rollup', async () => {
    const live: Subject = { kind: 'guest', id: randomUUID() };
    const base = T0 + 40 * DAY;
    for (let s = 0; s < 10 * 60; s += 20) {
      const minute = Math.floor(s / 60);
      if (minute === 5 || minute === 6) continue;
      await writeSamples(database.db, {
        organisationId: org,
        at: at(base + s),
        samples: [{ subject: live, values: { cpu: 0.25 + minute / 100, mem: 1e9, maxmem: 2e9, memhost: 1.5e9 } }],
      });
    }
    const check = async () => {
      const q = await querySeries(database.db, org, live, '1h', 'avg', at(base + 10 * 60 + 5));
      const cpu = q.series['cpu']!;
      const last = q.t.length - 1; // the current minute (10), nothing yet
      expect(q.t[last]).toBe(base + 600);
      // Stored values are quantised (≤ 0.1 % of the value): compared to a tenth of a point.
      const shown = cpu.slice(last - 10, last).map((v) => (v === null ? null : Math.round(v * 10) / 10));
      expect(shown).toEqual([25, 26, 27, 28, 29, null, null, 32, 33, 34]);
      expect(q.memory_source).toBe('balloon');
    };
    await check();
    const out = await runRollup(database.db, at(base + 11 * 60));
    expect(out.minutes).toBeGreaterThan(0);
    await check();
    // A second pass finds nothing left to do.
    expect((await runRollup(database.db, at(base + 11 * 60))).minutes).toBe(0);
  });

  it('gives the newest value of each metric of each subject, within the age asked', async () => {
    const a: Subject = { kind: 'node', id: randomUUID() };
    const base = T0 + 50 * DAY;
    await writeSamples(database.db, {
      organisationId: org,
      at: at(base),
      samples: [{ subject: a, values: { cpu: 0.5, mem: 1 } }],
    });
    await writeSamples(database.db, { organisationId: org, at: at(base + 20), samples: [{ subject: a, values: { cpu: 0.7 } }] });
    const latest = await latestValues(database.db, org, 120, at(base + 30));
    expect(latest.get(`node:${a.id}`)).toEqual({ at: at(base + 20), values: { cpu: expect.closeTo(0.7, 5), mem: 1 } });
    expect((await latestValues(database.db, org, 120, at(base + 200))).has(`node:${a.id}`)).toBe(false);
    // Another organisation sees nothing of it.
    const other = (await buildOrganisation(database.db)).id;
    expect((await latestValues(database.db, other, 120, at(base + 30))).size).toBe(0);
    expect((await querySeries(database.db, other, guest, '30d', 'max', now())).series['cpu']!.every((v) => v === null)).toBe(
      true,
    );
  });

  // A rollup compacting live samples and a backfill merging rrddata both rewrite whole blocks: a backfill's write
  // waits for the lock a rollup holds (else one of them loses the other's steps). Two connections: PostgreSQL only.
  it.runIf(kind === 'postgres')('makes a backfill write wait while a rollup holds the blocks', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    const subject: Subject = { kind: 'guest', id: randomUUID() };
    const base = T0 + 60 * DAY;
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [BLOCKS_LOCK_KEY]);
      let written = false;
      const write = writeHistory(
        database.db,
        org,
        subject,
        60,
        [{ t: base, avg: { cpu: 0.4 }, max: { cpu: 0.5 } }],
        at(base + 60),
      ).then(() => (written = true));
      await vi.waitFor(
        async () => {
          const res = await holder.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
          expect(res.rows[0].n).toBe(1);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(written).toBe(false);
      await holder.query('commit');
      await write;
      const q = await querySeries(database.db, org, subject, '1h', 'avg', at(base + 120));
      expect(q.series['cpu']!.filter((v) => v !== null)).toEqual([40]);
    } finally {
      await holder.end();
    }
  });
});
