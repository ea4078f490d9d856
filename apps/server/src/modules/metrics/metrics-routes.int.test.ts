import { generateFleet } from '@proxai/pve-sim';
import type { MetricsSeries } from '@proxai/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, hosts, storages } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { until } from '../../testing/until';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { latestValues, runRollup } from './store';

// Samples from real polls of a simulated node, through GET /api/metrics/{node|guest|storage}/{id}.

describe.each(TEST_DATABASE_KINDS)('metrics routes on %s', (database) => {
  let bed: HostsTestbed;
  let hostId: string;
  let org: string;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 5, seed: 18, pbs: false }),
      taskDurationMs: 20,
      database,
      env: { SYNC_INTERVAL_SECONDS: '5', PVE_TIMEOUT_MS: '3000' },
      addBody: (n) => tokenBody(n),
    });
    hostId = bed.hostIds[0]!;
    org = bed.owner.user.organisationId!;
  }, 60_000);
  afterAll(async () => {
    await bed?.close();
  });

  const get = (url: string, auth = bed.owner.auth) => bed.t.app.inject({ method: 'GET', url, headers: auth });
  const pollNow = () =>
    bed.t.database.db
      .update(hosts)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(hosts.id, hostId));
  const runningGuest = async () => {
    const rows = await bed.t.database.db
      .select()
      .from(guests)
      .where(and(eq(guests.hostId, hostId), isNull(guests.goneAt)));
    return rows.find((g) => g.state === 'running')!;
  };

  it('records node, guest and storage samples from the polls, with rates from consecutive counters', async () => {
    const guest = await runningGuest();
    // Two polls at least: the second gives network and disk rates.
    const latest = await until(
      async () => {
        await pollNow();
        return latestValues(bed.t.database.db, org, 120);
      },
      (m) => m.get(`guest:${guest.id}`)?.values.netin !== undefined,
      30_000,
    );
    const g = latest.get(`guest:${guest.id}`)!.values;
    expect(g.cpu).toEqual(expect.any(Number));
    expect(g.mem).toBeGreaterThan(0);
    expect(g.netin).toBeGreaterThanOrEqual(0);
    expect(g.diskwrite).toBeGreaterThanOrEqual(0);
    expect(latest.get(`node:${hostId}`)?.values.maxmem).toBeGreaterThan(0);
    const stored = await bed.t.database.db.select().from(storages).where(eq(storages.hostId, hostId));
    expect(stored.length).toBeGreaterThan(0);
    const active = stored.find((s) => s.status === 'available' && s.total !== null)!;
    // Staged as float4: within 1e-6 of the figure PVE gave.
    expect(latest.get(`storage:${active.id}`)!.values.total! / active.total! - 1).toBeCloseTo(0, 6);
  }, 60_000);

  it('charts the last hour from staged samples, and the same after the rollup', async () => {
    const guest = await runningGuest();
    const res = await get(`/api/metrics/guest/${guest.id}?range=1h`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<MetricsSeries>();
    expect(body.step_seconds).toBe(60);
    expect(body.t).toHaveLength(60);
    expect(body.units).toMatchObject({ cpu: 'percent', mem: 'bytes', netin: 'bytes/s' });
    expect(body.series['cpu']!.some((v) => v !== null)).toBe(true);
    // Before the host was added: gaps, not zeros.
    expect(body.series['cpu']![0]).toBeNull();
    expect(body.memory_source).toBe('host');
    await runRollup(bed.t.database.db, new Date(Date.now() + 120_000));
    const after = (await get(`/api/metrics/guest/${guest.id}?range=1h&cf=max`)).json<MetricsSeries>();
    expect(after.series['cpu']!.some((v) => v !== null)).toBe(true);
    for (const kind of ['24h', '7d', '30d', '1y']) {
      const r = await get(`/api/metrics/guest/${guest.id}?range=${kind}`);
      expect(r.statusCode).toBe(200);
      expect(r.json<MetricsSeries>().series['cpu']!.some((v) => v !== null)).toBe(true);
    }
    const node = (await get(`/api/metrics/node/${hostId}?range=24h`)).json<MetricsSeries>();
    expect(node.series['mem']!.some((v) => v !== null)).toBe(true);
    const [storage] = await bed.t.database.db.select().from(storages).where(eq(storages.status, 'available'));
    const st = (await get(`/api/metrics/storage/${storage!.id}?range=7d&cf=max`)).json<MetricsSeries>();
    expect(st.units).toEqual({ used: 'bytes', total: 'bytes' });
    expect(st.series['total']!.some((v) => v !== null)).toBe(true);
  }, 60_000);

  it("records PVE's lock of a guest at each poll", async () => {
    const guest = await runningGuest();
    bed.fleet.node(bed.fleet.nodes[0]!.name).setGuestLock(guest.vmid, 'backup');
    const row = await until(
      async () => {
        await pollNow();
        return (await bed.t.database.db.select().from(guests).where(eq(guests.id, guest.id)))[0]!;
      },
      (g) => g.lock === 'backup',
      30_000,
    );
    expect(row.lock).toBe('backup');
    bed.fleet.node(bed.fleet.nodes[0]!.name).setGuestLock(guest.vmid, null);
    await until(
      async () => {
        await pollNow();
        return (await bed.t.database.db.select().from(guests).where(eq(guests.id, guest.id)))[0]!;
      },
      (g) => g.lock === null,
      30_000,
    );
  }, 60_000);

  it('runs the rollup and the retention as jobs of the runtime', async () => {
    for (const name of ['metrics-rollup', 'metrics-retention'] as const) {
      const id = await bed.t.app.jobs.send(name, {});
      expect(id).toEqual(expect.any(String));
      const state = await until(
        async () => {
          const res: unknown = await bed.t.database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`);
          return (res as { rows: { state: string }[] }).rows[0]?.state;
        },
        (s) => s === 'completed' || s === 'failed',
        30_000,
      );
      expect(state).toBe('completed');
    }
  }, 60_000);

  it("answers 404 for another organisation's ids, 400 for a bad query, 401 without a session", async () => {
    const guest = await runningGuest();
    const stranger = await buildUser(bed.t.database.db, { orgRole: 'owner' });
    expect((await get(`/api/metrics/guest/${guest.id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/metrics/node/${hostId}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/metrics/guest/${guest.id}?range=2w`)).json()).toMatchObject({ code: expect.any(String) });
    expect((await get(`/api/metrics/guest/${guest.id}?range=2w`)).statusCode).toBe(400);
    expect((await get(`/api/metrics/guest/${guest.id}?cf=min`)).statusCode).toBe(400);
    expect((await get(`/api/metrics/guest/not-a-uuid`)).statusCode).toBe(400);
    expect((await bed.t.app.inject({ method: 'GET', url: `/api/metrics/guest/${guest.id}` })).statusCode).toBe(401);
  });
});
