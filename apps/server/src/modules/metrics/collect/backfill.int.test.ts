import { generateFleet, type FleetSpec } from '@proxai/pve-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsCollection } from '@proxai/contract';
import { guests, metricBackfills, storages } from '../../../db/schema';
import type { Clock } from '../../../jobs/clock';
import { acceleratedClock } from '../../../testing/accelerated-clock';
import { TEST_DATABASE_KINDS } from '../../../testing/database';
import { until } from '../../../testing/until';
import type { HostsTestbed } from '../../hosts/hosts-testbed.testing';
import { querySeries } from '../store';
import { startHostsTestbed } from '../../hosts/hosts-testbed.testing';
import { tokenBody } from '../../hosts/hosts.testing';

// History backfill against simulated PVE 9 and PVE 8 nodes and the real server (its loop, job and subscriber), its
// background work on a clock whose waits pass 20 times faster (testing/accelerated-clock.ts): the pacing of 2
// requests a second takes a twentieth of its real time, the work between requests its real time.

const SPEED = 20;

// A node's rrddata is also read by its poll, once a minute (collect/node-minute.ts): counted apart.
const NODE_RRD = 'GET /nodes/{node}/rrddata';
const RRD_PATHS = [
  'GET /nodes/{node}/qemu/{vmid}/rrddata',
  'GET /nodes/{node}/lxc/{vmid}/rrddata',
  'GET /nodes/{node}/storage/{storage}/rrddata',
];

function spec(): FleetSpec {
  const s = generateFleet({ nodes: 2, guests: 4, seed: 5, pbs: false });
  s.nodes[0]!.pveVersion = '9.0.3';
  s.nodes[1]!.pveVersion = '8.2.4';
  for (const n of s.nodes) {
    n.guests = n.guests.map((g) => ({ ...g, template: false }));
    // Whole bytes (the generator can give a fraction, which the storages table's bigint refuses).
    n.storages = n.storages?.map((st) => ({
      ...st,
      totalBytes: Math.round(st.totalBytes ?? 0),
      usedBytes: Math.round(st.usedBytes ?? 0),
    }));
  }
  return s;
}

const rrdRequests = (stats: { by_path: Record<string, number> }) =>
  Object.entries(stats.by_path)
    .filter(([path]) => RRD_PATHS.includes(path))
    .reduce((sum, [, n]) => sum + n, 0);

describe.each(TEST_DATABASE_KINDS)('history backfill on %s', (database) => {
  let tb: HostsTestbed;
  let org: string;
  let clock: Clock;
  /** When the hosts were added: on the simulated nodes' time (the real one), which their rrddata follows. */
  let addedAt: number;
  /** The same moment on the background work's clock. */
  let addedAtClock: number;

  beforeAll(async () => {
    clock = acceleratedClock(SPEED);
    addedAt = Math.floor(Date.now() / 1000);
    addedAtClock = clock.now().getTime();
    tb = await startHostsTestbed({
      spec: spec(),
      taskDurationMs: 20,
      database,
      clock,
      addBody: (n) => tokenBody(n),
      // A poll every 20 s of the clock, the default: 5 s would poll 4 times as often on this faster clock, for nothing.
      env: { SYNC_INTERVAL_SECONDS: '20', PVE_TIMEOUT_MS: '4000', AGENT_READS_PER_HOST_PER_MINUTE: '0' },
    });
    org = tb.owner.user.organisationId!;
  }, 60_000);
  afterAll(async () => {
    await tb?.close();
  });

  const collection = async () =>
    (await tb.t.app.inject({ method: 'GET', url: '/api/metrics/collection', headers: tb.owner.auth })).json<MetricsCollection>();
  const allDone = (c: MetricsCollection) => c.hosts.length === 2 && c.hosts.every((h) => h.backfill?.state === 'done');

  it('fills the history of both hosts (node, guests, storages) before they were added, at ≤ 2 requests a second', async () => {
    const c = await until(collection, allDone, 150_000);
    expect(c.hosts.map((h) => h.backfill?.state)).toEqual(['done', 'done']);
    for (const h of c.hosts) {
      expect(h.backfill!.total).toBeGreaterThan(2);
      expect(h.backfill!.done).toBe(h.backfill!.total);
      expect(h.backfill!.error).toBeNull();
      expect(h.backfill!.finished_at).not.toBeNull();
    }
    const [v9, v8] = tb.hostIds as [string, string];
    const db = tb.t.database.db;
    const before = (series: { t: number[]; series: Record<string, (number | null)[]> }, metric: string) =>
      series.t.filter(
        (t, i) => t < addedAt - 3600 && series.series[metric]?.[i] !== null && series.series[metric]?.[i] !== undefined,
      ).length;

    // PVE 9: 30 days at 5 minutes from 30-min rows; PSI and memavailable present.
    const node9 = await querySeries(db, org, { kind: 'node', id: v9 }, '30d', 'avg');
    expect(before(node9, 'cpu')).toBeGreaterThan(28 * 288);
    expect(before(node9, 'pressure_cpu_some')).toBeGreaterThan(0);
    expect(before(node9, 'memavailable')).toBeGreaterThan(0);
    const year9 = await querySeries(db, org, { kind: 'node', id: v9 }, '1y', 'max');
    expect(before(year9, 'mem')).toBeGreaterThan(300 * 24);
    // PVE 8: no PSI; a year of hourly steps from weekly rows.
    const node8 = await querySeries(db, org, { kind: 'node', id: v8 }, '30d', 'avg');
    expect(before(node8, 'cpu')).toBeGreaterThan(8 * 288);
    expect(node8.series.pressure_cpu_some ?? []).not.toContainEqual(expect.any(Number));
    const year8 = await querySeries(db, org, { kind: 'node', id: v8 }, '1y', 'avg');
    expect(before(year8, 'maxmem')).toBeGreaterThan(300 * 24);
    // The last day of the PVE 9 node at 1 minute.
    const day9 = await querySeries(db, org, { kind: 'node', id: v9 }, '24h', 'avg');
    expect(before(day9, 'cpu')).toBeGreaterThan(20 * 60);

    for (const hostId of [v9, v8]) {
      const gs = await db.select().from(guests).where(eq(guests.hostId, hostId));
      const running = gs.find((g) => g.state === 'running')!;
      const g = await querySeries(db, org, { kind: 'guest', id: running.id }, '7d', 'max');
      expect(before(g, 'cpu')).toBeGreaterThan(5 * 288);
      expect(before(g, 'maxmem')).toBeGreaterThan(5 * 288);
      const st = (await db.select().from(storages).where(eq(storages.hostId, hostId))).find((x) => x.status === 'available');
      const s = await querySeries(db, org, { kind: 'storage', id: st!.id }, '30d', 'avg');
      expect(before(s, 'used')).toBeGreaterThan(8 * 288);
      expect(before(s, 'total')).toBeGreaterThan(8 * 288);
    }

    // Rate: each node received its rrddata requests at ≤ 2 a second (6 a subject on PVE 9, 10 on PVE 8), the node's
    // own beside one a minute from its poll (minutes of the background work's clock, never fewer than real ones).
    const minutes = Math.ceil((clock.now().getTime() - addedAtClock) / 60_000) + 1;
    for (const [i, hostId] of [v9, v8].entries()) {
      const row = (await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, hostId)))[0]!;
      const seconds = (row.finishedAt!.getTime() - row.startedAt!.getTime()) / 1000;
      const stats = tb.fleet.requestStats(tb.fleet.nodes[i]!.name);
      const perSubject = i === 0 ? 6 : 10;
      const n = rrdRequests(stats);
      expect(n).toBe((row.total - 1) * perSubject);
      expect(stats.by_path[NODE_RRD]).toBeGreaterThanOrEqual(perSubject);
      expect(stats.by_path[NODE_RRD]).toBeLessThanOrEqual(perSubject + minutes);
      expect((n + perSubject) / Math.max(seconds, 0.001)).toBeLessThanOrEqual(2.05);
    }
  }, 180_000);

  it('resumes after an interruption without reading again what was written', async () => {
    const hostId = tb.hostIds[0]!;
    const db = tb.t.database.db;
    const [row] = await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, hostId));
    const keep = row!.doneKeys.slice(0, -1);
    const last = row!.doneKeys.at(-1)!;
    expect(last.startsWith('guest:')).toBe(true);
    tb.fleet.resetRequestStats();
    const reset = clock.now().getTime();
    // As a replica that died mid-way leaves it: running, its lease run out, all but one subject done.
    await db
      .update(metricBackfills)
      .set({ state: 'running', doneKeys: keep, leasedUntil: new Date(reset - 1000), finishedAt: null })
      .where(eq(metricBackfills.hostId, hostId));
    const c = await until(collection, allDone, 60_000);
    expect(allDone(c)).toBe(true);
    const stats = tb.fleet.requestStats(tb.fleet.nodes[0]!.name);
    // Only the poll's minute reads of the node (none of the backfill's), and the one guest left.
    expect(stats.by_path[NODE_RRD] ?? 0).toBeLessThanOrEqual(Math.ceil((clock.now().getTime() - reset) / 60_000) + 1);
    expect(stats.by_path['GET /nodes/{node}/storage/{storage}/rrddata'] ?? 0).toBe(0);
    expect(rrdRequests(stats)).toBe(6);
  }, 90_000);

  it('reports a host that stops answering as queued again with the reason, then failed after its last attempt, never running forever', async () => {
    const hostId = tb.hostIds[1]!;
    const node = tb.fleet.nodes[1]!.name;
    const db = tb.t.database.db;
    const rowOf = async () => (await db.select().from(metricBackfills).where(eq(metricBackfills.hostId, hostId)))[0]!;
    const restart = (attempts: number) =>
      db
        .update(metricBackfills)
        .set({
          state: 'running',
          doneKeys: [],
          attempts,
          error: null,
          nextAttemptAt: clock.now(),
          leasedUntil: null,
          finishedAt: null,
        })
        .where(eq(metricBackfills.hostId, hostId));
    await tb.fleet.setFault(node, { kind: 'refuse' });
    try {
      await restart(0);
      const retrying = await until(rowOf, (r) => r.attempts === 1, 30_000);
      expect(retrying.state).toBe('queued');
      expect(retrying.error).toMatch(/Reading history from the host failed/);
      expect(retrying.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime() + 60_000);
      expect(retrying.leasedUntil).toBeNull();
      const shown = (await collection()).hosts.find((h) => h.host_id === hostId)!.backfill!;
      expect(shown).toMatchObject({ state: 'queued', error: retrying.error });
      // The last allowed attempt fails too: the backfill ends failed, with the reason.
      await restart(5);
      const failed = await until(rowOf, (r) => r.state === 'failed', 30_000);
      expect(failed.error).toMatch(/Reading history from the host failed/);
      expect(failed.finishedAt).not.toBeNull();
    } finally {
      await tb.fleet.setFault(node, null);
    }
  }, 90_000);
});
