import { generateFleet, type FleetSpec } from '@proxai/pve-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsCollection, MetricsOverview, ScrapeToken } from '@proxai/contract';
import { guests, metricAgentGuests, storages } from '../../../db/schema';
import type { Clock } from '../../../jobs/clock';
import { acceleratedClock } from '../../../testing/accelerated-clock';
import { TEST_DATABASE_KINDS } from '../../../testing/database';
import { buildUser } from '../../../testing/factories';
import { until } from '../../../testing/until';
import type { HostsTestbed } from '../../hosts/hosts-testbed.testing';
import { writeHistory } from '../store';
import { startHostsTestbed } from '../../hosts/hosts-testbed.testing';
import { tokenBody } from '../../hosts/hosts.testing';
import { collectionStatus } from './collection-status';
import { fleetSnapshot } from './fleet-snapshot';
import { fleetOverview } from './overview';
import { renderFleet } from './prometheus';

// Guest-agent memory reads on their per-host budget, the Prometheus exposition with its scrape token, and the
// fleet overview, against a simulated PVE 9 node and the real server, its background work on a clock whose waits
// pass 20 times faster (testing/accelerated-clock.ts).

const SPEED = 20;
const BUDGET = 12;
const FILE_READ = 'GET /nodes/{node}/qemu/{vmid}/agent/file-read';
const GiB = 1024 ** 3;

/** 21 running VMs: 3 without an agent, 2 whose agent is not running (lowest vmids: tried first), 16 answering. */
function spec(): FleetSpec {
  const s = generateFleet({ nodes: 1, guests: 22, seed: 9, pbs: false });
  const n = s.nodes[0]!;
  n.pveVersion = '9.0.3';
  n.storages = n.storages?.map((st) => ({
    ...st,
    totalBytes: Math.round(st.totalBytes ?? 0),
    usedBytes: Math.round(st.usedBytes ?? 0),
  }));
  n.guests = n.guests.map((g, i) => ({
    ...g,
    vmid: 100 + i,
    type: i === 21 ? 'lxc' : 'qemu',
    ...(i === 21 ? { ostype: 'debian' } : { ostype: 'l26' }),
    status: 'running',
    template: false,
    lock: undefined,
    agent: i >= 3,
    agentRunning: i >= 5,
  }));
  return s;
}

describe.each(TEST_DATABASE_KINDS)('guest-agent reads and exposition on %s', (database) => {
  let tb: HostsTestbed;
  let org: string;
  let clock: Clock;

  beforeAll(async () => {
    clock = acceleratedClock(SPEED);
    tb = await startHostsTestbed({
      spec: spec(),
      taskDurationMs: 20,
      database,
      clock,
      addBody: (n) => tokenBody(n),
      // A poll every 20 s of the clock, the default: 5 s would poll 4 times as often on this faster clock, for nothing.
      env: { SYNC_INTERVAL_SECONDS: '20', PVE_TIMEOUT_MS: '4000', AGENT_READS_PER_HOST_PER_MINUTE: String(BUDGET) },
    });
    org = tb.owner.user.organisationId!;
    // VM 110's agent pins MemAvailable: its memory without page cache is then known.
    tb.fleet.node(tb.fleet.nodes[0]!.name).guests.get(110)!.agentMemAvailable = 3 * GiB;
  }, 60_000);
  afterAll(async () => {
    await tb?.close();
  });

  const get = <T>(url: string, headers: Record<string, string> = tb.owner.auth) =>
    tb.t.app
      .inject({ method: 'GET', url, headers })
      .then((r) => ({ status: r.statusCode, body: r.body, json: () => r.json<T>() }));

  // On one database (the reads' spacing is pure logic, agent-logic.test.ts; the claim of a host's minute on
  // PostgreSQL across replicas is agent-replicas.int.test.ts).
  it.runIf(database === TEST_DATABASE_KINDS[0])(
    'reads at most the budget per host and minute, and backs off VMs without a running agent',
    async () => {
      const db = tb.t.database.db;
      const tried = () => db.select().from(metricAgentGuests);
      // The first minute: the five refusing VMs (lowest vmids) and seven others.
      const first = await until(tried, (rows) => rows.filter((r) => r.status !== 'ok').length === 5, 100_000);
      expect(first.filter((r) => r.status === 'not_configured')).toHaveLength(3);
      expect(first.filter((r) => r.status === 'not_running')).toHaveLength(2);
      for (const r of first.filter((x) => x.status !== 'ok'))
        expect(r.retryAt!.getTime() - r.lastAttemptAt.getTime()).toBe(30 * 60_000);

      // The host's history backfill runs on the same clock, its 2 requests a second then 40 real ones: the minute
      // counted starts once it is done, so that the reads do not wait for the database behind its writes.
      const backfilled = await until(
        () => get<MetricsCollection>('/api/metrics/collection'),
        (r) => r.json().hosts[0]?.backfill?.state === 'done',
        100_000,
      );
      expect(backfilled.json().hosts[0]?.backfill?.state).toBe('done');
      const node = tb.fleet.nodes[0]!.name;
      tb.fleet.resetRequestStats(node);
      const started = clock.now().getTime();
      await clock.sleep(58_000);
      const reads = tb.fleet.requestStats(node).by_path[FILE_READ] ?? 0;
      // 16 VMs answer, more than the budget: every slot of the minute is used, none beyond it.
      expect(reads).toBeLessThanOrEqual(BUDGET);
      expect(reads).toBeGreaterThanOrEqual(BUDGET - 2);
      expect(clock.now().getTime() - started).toBeLessThan(62_000);
      // The refusing VMs were not asked again.
      const after = await tried();
      for (const r of after.filter((x) => x.status !== 'ok'))
        expect(r.lastAttemptAt.getTime()).toBe(first.find((f) => f.guestId === r.guestId)!.lastAttemptAt.getTime());

      const c = (await get<MetricsCollection>('/api/metrics/collection')).json();
      expect(c.hosts).toHaveLength(1);
      const h = c.hosts[0]!;
      expect(h.agent_budget_per_minute).toBe(BUDGET);
      // The reads of the last minute of the background work's clock (the route counts up to the request's real time,
      // minutes behind it).
      const [atClock] = (await collectionStatus(db, tb.t.config, org, clock.now())).hosts;
      expect(atClock!.agent_reads_last_minute).toBeLessThanOrEqual(BUDGET);
      expect(atClock!.agent_reads_last_minute).toBeGreaterThan(0);
      expect(h.vms_without_agent).toBe(3);
      expect(h.vms_agent_not_running).toBe(2);
      expect(h.vms_with_agent + h.vms_unknown).toBe(16);
      expect(h.full_cycle_minutes).toBe(Math.ceil(16 / BUDGET));

      // VM 110: MemTotal − MemAvailable, stored and labelled as the guest agent's.
      const [vm110] = await db.select().from(guests).where(eq(guests.vmid, 110));
      const row = await until(
        async () => (await db.select().from(metricAgentGuests).where(eq(metricAgentGuests.guestId, vm110!.id)))[0],
        (r) => r?.status === 'ok',
        70_000,
      );
      expect(row!.memAgent).toBe(row!.memTotal! - 3 * GiB);
      const prom = await get('/api/metrics/prometheus');
      const line = prom.body
        .split('\n')
        .find((l) => l.startsWith('proxai_guest_memory_used_bytes{') && l.includes(`guest_id="${vm110!.id}"`));
      expect(line).toContain('source="guest_agent"');
      expect(Number(line!.split(' ').at(-1))).toBe(row!.memAgent);
    },
    240_000,
  );

  it('exposes the fleet to a session and to the scrape token, 401 without either or after rotation', async () => {
    const url = '/api/metrics/prometheus';
    const bySession = await get(url);
    expect(bySession.status).toBe(200);
    expect(bySession.body).toMatch(/^proxai_host_up\{host_id="[^"]+",host="[^"]+",node="pve1"\} 1$/m);
    expect(bySession.body).toMatch(/^proxai_storage_total_bytes\{.*storage="local".*\} \d+$/m);
    expect(bySession.body).toContain('# TYPE proxai_guest_up gauge');
    // The polls' live values are stamped on the background work's clock, ahead of the real time the route reads them
    // at: they are checked as the route renders them at that clock's now.
    const live = (await renderFleet(await fleetSnapshot(tb.t.database.db, org, clock.now()))).body;
    expect(live).toMatch(
      /^proxai_guest_cpu_ratio\{guest_id="[^"]+",host="[^"]+",node="pve1",vmid="1\d\d",name="[^"]+",type="qemu"\} [\d.e-]+$/m,
    );
    expect(live).toMatch(/^proxai_guest_memory_used_bytes\{.*source="(balloon|host)".*\} \d+$/m);

    const none = await get(url, {});
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ code: 'unauthenticated', detail: expect.any(String) });
    const wrong = await get(url, { authorization: 'Bearer pxs_not-a-token' });
    expect(wrong.status).toBe(401);

    const reader = await buildUser(tb.t.database.db, { orgRole: 'readonly', organisationId: org });
    const refused = await tb.t.app.inject({ method: 'POST', url: '/api/metrics/scrape-token', headers: reader.auth });
    expect(refused.statusCode).toBe(403);
    expect((await get(url, reader.auth)).status).toBe(200);

    const created = await tb.t.app.inject({ method: 'POST', url: '/api/metrics/scrape-token', headers: tb.owner.auth });
    expect(created.statusCode).toBe(201);
    const first = created.json<ScrapeToken>();
    const byToken = await get(url, { authorization: `Bearer ${first.token}` });
    expect(byToken.status).toBe(200);
    expect(byToken.body).toContain('proxai_host_up{');
    const info = await get<{ exists: boolean; prefix: string }>('/api/metrics/scrape-token');
    expect(info.json()).toMatchObject({ exists: true, prefix: first.prefix });
    expect(info.body).not.toContain(first.token);

    const rotated = (
      await tb.t.app.inject({ method: 'POST', url: '/api/metrics/scrape-token', headers: tb.owner.auth })
    ).json<ScrapeToken>();
    expect(rotated.token).not.toBe(first.token);
    expect((await get(url, { authorization: `Bearer ${first.token}` })).status).toBe(401);
    expect((await get(url, { authorization: `Bearer ${rotated.token}` })).status).toBe(200);
    // The token opens the exposition only, not the rest of the API.
    expect((await get('/api/metrics/overview', { authorization: `Bearer ${rotated.token}` })).status).toBe(401);

    const revoked = await tb.t.app.inject({ method: 'DELETE', url: '/api/metrics/scrape-token', headers: tb.owner.auth });
    expect(revoked.statusCode).toBe(200);
    expect((await get(url, { authorization: `Bearer ${rotated.token}` })).status).toBe(401);
    expect(
      (await tb.t.app.inject({ method: 'DELETE', url: '/api/metrics/scrape-token', headers: tb.owner.auth })).statusCode,
    ).toBe(404);
  });

  it('overview: top consumers from the live values, and a storage filling within 30 days from its history', async () => {
    const db = tb.t.database.db;
    // Once the guest agent's first memory reads are in (on a database where the budget test did not run first).
    const res = await until(
      () => get<MetricsOverview>('/api/metrics/overview'),
      (r) => r.status !== 200 || r.json().top_memory.some((g) => g.memory_source === 'guest_agent'),
      70_000,
    );
    expect(res.status).toBe(200);
    // The polls' live values are stamped on the background work's clock, ahead of the real time the route reads them
    // at: the overview is taken at that clock's now, as the route builds it.
    const o = await fleetOverview(db, org, clock.now());
    expect(o.top_cpu.length).toBeGreaterThan(0);
    expect(o.top_cpu.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < o.top_cpu.length; i++)
      expect(o.top_cpu[i - 1]!.cpu_percent!).toBeGreaterThanOrEqual(o.top_cpu[i]!.cpu_percent!);
    expect(o.top_memory.length).toBe(10);
    expect(o.top_memory.some((g) => g.memory_source === 'guest_agent')).toBe(true);

    // A storage that grew by 20 GiB a day for 30 days up to 800 of its 1000 GiB: full in 10 days.
    const hostId = tb.hostIds[0]!;
    const [st] = await db
      .insert(storages)
      .values({
        organisationId: org,
        hostId,
        node: 'elsewhere',
        name: 'growing',
        type: 'dir',
        used: 800 * GiB,
        total: 1000 * GiB,
        status: 'available',
      })
      .returning();
    const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    const nowS = now.getTime() / 1000;
    const rows = Array.from({ length: 30 * 288 }, (_, i) => {
      const t = nowS - 60 - (30 * 288 - i) * 300;
      const used = 800 * GiB - ((nowS - t) / 86_400) * 20 * GiB;
      return { t, avg: { used, total: 1000 * GiB }, max: { used, total: 1000 * GiB } };
    });
    await writeHistory(db, org, { kind: 'storage', id: st!.id }, 300, rows, now);
    const overview = await fleetOverview(db, org, now);
    const growing = overview.filling_storages.find((s) => s.storage_id === st!.id);
    expect(growing).toBeDefined();
    expect(growing!.days_until_full!).toBeGreaterThan(9.5);
    expect(growing!.days_until_full!).toBeLessThan(10.5);
    expect(growing!.growth_bytes_per_day! / GiB).toBeCloseTo(20, 0);
    expect(overview.horizon_days).toBe(30);
  }, 90_000);
});
