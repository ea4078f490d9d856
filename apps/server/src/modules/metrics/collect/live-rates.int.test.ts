import { randomUUID } from 'node:crypto';
import { PveClient } from '@proxai/pve-client';
import { parseFleetSpec, startFleet, type Fleet } from '@proxai/pve-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsCollection, MetricsSeries } from '@proxai/contract';
import { guests, hosts } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/app';
import { settle, step, tickAt } from '../../../testing/clock-steps';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../../testing/database';
import { LOOPBACK_HOSTS } from '../../../testing/env';
import { buildUser } from '../../../testing/factories';
import { trackSecret } from '../../../testing/secrets';
import { manualClock, type ManualClock } from '../../../testing/test-clock';
import { giveLicence, tokenBody } from '../../hosts/hosts.testing';
import { POLLS_DISPATCHED } from '../../hosts/pollers';
import { querySeries } from '../store';
import { METRIC_INDEX } from '../store/catalogue';
import { forgetCounterReadings } from '../store/poll-cache';
import { stagedSamples } from '../store/staging';
import { dueMinute, forgetNodeMinutes, recordNodeMinutes } from './node-minute';

// Live network and disk rates (issue 30) through the real poll, against a simulated PVE 9 node whose counters and
// rrddata come from one model: a guest's and its node's live minute agree with the simulator's rrddata for that
// minute, and neither a rebooted guest nor a restarted portal records a spike. A minute's rrddata exists only once it
// is over: the portal's background work and the simulated node run on one manual clock, moved a second at a time
// once the pollers' dispatcher has ticked at it and the poll it handed out (every 5 s) has ended. The clock so runs
// ahead of the real time the charts' route answers for: the charts are read from the store at the clock's now
// (querySeries, what the route answers).

const RATES = ['netin', 'netout', 'diskread', 'diskwrite'] as const;
const ENV = {
  RATE_LIMIT_ENABLED: 'false',
  ...LOOPBACK_HOSTS,
  SYNC_INTERVAL_SECONDS: '5',
  PVE_TIMEOUT_MS: '4000',
  AGENT_READS_PER_HOST_PER_MINUTE: '0',
  // The dispatcher traces each tick with its time (POLLS_DISPATCHED): a step waits for it.
  LOG_LEVEL: 'trace',
};
const NODE_RRD = 'GET /nodes/{node}/rrddata';
const DAY = 86_400;

function spec() {
  const r = parseFleetSpec({
    nodes: [
      {
        name: 'pve1',
        pveVersion: '9.0.3',
        storages: [{ id: 'local', type: 'dir', content: 'images,rootdir,backup', totalBytes: '100 GiB', usedBytes: '20 GiB' }],
        guests: [
          // Up for weeks: the old counters (rate × uptime) jumped by GB whenever the load moved.
          { vmid: 100, name: 'web-01', load: 0.4, uptimeSec: 60 * DAY },
          { vmid: 101, name: 'ct-01', ostype: 'debian', load: 0.2, uptimeSec: 20 * DAY },
        ],
      },
    ],
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.spec;
}

const within = (live: number | null | undefined, rrd: number | undefined, tolerance = 0.05) =>
  typeof live === 'number' && typeof rrd === 'number' && rrd > 0 && Math.abs(live - rrd) / rrd < tolerance;

describe.each(TEST_DATABASE_KINDS)('live rates on %s', (database) => {
  let clock: ManualClock;
  let fleet: Fleet;
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: TestApp;
  let client: PveClient;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let hostId: string;
  let addedAt: number;
  const node = 'pve1';

  beforeAll(async () => {
    clock = manualClock(new Date());
    fleet = await startFleet(spec(), { taskDurationMs: 20, now: () => clock.now().getTime() });
    const n = fleet.nodes[0]!;
    trackSecret(n.password, n.tokenSecret, n.readonlyTokenSecret);
    shared = await openTestDatabase(database);
    // The app does not own the database: a second one is started on it to play a restarted portal.
    t = await createTestApp({ jobs: true, env: ENV, reuseDatabase: shared, clock });
    owner = await buildUser(shared.db, { orgRole: 'owner' });
    await giveLicence(shared.db, owner.user.organisationId!, 'pro');
    const res = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: tokenBody(n) });
    if (res.statusCode !== 201) throw new Error(`adding the host: ${res.statusCode} ${res.body}`);
    hostId = res.json<{ id: string }>().id;
    // A request, on the real time (its first sync's too), which the clock has not reached yet: the pollers take the
    // host from 5 s after it on.
    addedAt = Date.now() / 1000;
    await settle(clock, quiet(clock.now()));
    client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await shared?.close();
    await fleet?.close();
  });

  const clockS = () => clock.now().getTime() / 1000;
  /** Whether the dispatcher ticked at `at` and the poll it handed out, if any, has ended (released its lease). */
  const quiet = (at: Date) => async () => {
    const tick = tickAt(t.logs, POLLS_DISPATCHED, at);
    if (!tick) return false;
    if (tick.hosts === 0) return true;
    const [row] = await shared.db.select({ leased: hosts.pollLeasedUntil }).from(hosts).where(eq(hosts.id, hostId));
    return row?.leased === null;
  };
  /**
   * Moves the clock a second at a time (each once the app has done its work at it), reading `read()` after each poll,
   * until `done` holds, for at most `seconds`; answers the last value read.
   */
  const secondsUntil = async <T>(read: () => Promise<T>, done: (v: T) => boolean, seconds: number): Promise<T> => {
    let v = await read();
    for (let i = 0; i < seconds && !done(v); i++) {
      const at = new Date(clock.now().getTime() + 1000);
      await step(clock, 1000, quiet(at));
      if (tickAt(t.logs, POLLS_DISPATCHED, at)?.hosts !== 0) v = await read();
    }
    return v;
  };

  /** What the chart shows at the clock's now (the route answers for the real now, which the clock is ahead of). */
  const series = (kind: 'node' | 'guest', id: string, cf: 'avg' | 'max' = 'avg'): Promise<MetricsSeries> =>
    querySeries(shared.db, owner.user.organisationId!, { kind, id }, '1h', cf, clock.now());
  const at = (s: MetricsSeries, metric: string, time: number) => s.series[metric]?.[s.t.indexOf(time)] ?? null;
  const guestId = async (vmid: number) => (await shared.db.select().from(guests).where(eq(guests.vmid, vmid)))[0]!.id;
  const rrdRow = async (rows: Promise<readonly { time: number }[]>, time: number) =>
    (await rows).find((r) => r.time === time) as Record<string, number> | undefined;

  /** The guest's staged poll samples after `since` (epoch s): cpu (every poll of a running guest) and netin. */
  const polledSince = async (id: string, since: number) =>
    (await stagedSamples(shared.db, owner.user.organisationId!, { kind: 'guest', id }, since, clockS() + 60))
      .filter((s) => s.values[METRIC_INDEX.get('cpu')!] !== null)
      .map((s) => ({ at: s.at, netin: s.values[METRIC_INDEX.get('netin')!] ?? null }));

  /** The mean of a subject's live samples of one metric in the minute starting at `minute` (null: none). */
  const stagedMean = async (subject: { kind: 'node' | 'guest'; id: string }, minute: number) => {
    const rows = await stagedSamples(shared.db, owner.user.organisationId!, subject, minute, minute + 60);
    return (metric: string) => {
      const vals = rows.map((r) => r.values[METRIC_INDEX.get(metric)!]).filter((v): v is number => typeof v === 'number');
      return vals.length > 0 ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
    };
  };

  /** The highest netin the simulator's rrddata shows for the guest over the last 10 minutes. */
  const rrdPeak = async (vmid: number, type: 'qemu' | 'lxc') =>
    Math.max(...(await client.guestRrd(node, type, vmid, 'hour', 'AVERAGE')).slice(-10).map((r) => r.netin ?? 0));

  it('a guest’s and its node’s live rates of a minute match the simulator’s rrddata for that minute', async () => {
    const collection = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/metrics/collection', headers: owner.auth })).json<MetricsCollection>();
    const backfilled = await secondsUntil(collection, (c) => c.hosts[0]?.backfill?.state === 'done', 300);
    expect(backfilled.hosts[0]?.backfill?.state, JSON.stringify(backfilled)).toBe('done');
    fleet.resetRequestStats(node);
    const counted = clockS();
    // A minute the backfill cannot have read (it was not over before the backfill ended), polled from its start.
    const minute = Math.max(Math.floor(counted / 60) * 60, Math.ceil((addedAt + 10) / 60) * 60);
    const nodeSeries = await secondsUntil(
      () => series('node', hostId),
      (s) => at(s, 'netin', minute) !== null,
      300,
    );
    expect(clockS()).toBeGreaterThan(minute + 60);
    // The simulator counts the test's own rrddata reads of the node too: the poll's are taken before those.
    const reads = fleet.requestStats(node).by_path[NODE_RRD] ?? 0;
    const polled = (await stagedSamples(shared.db, owner.user.organisationId!, { kind: 'node', id: hostId }, 0, clockS() + 1))
      .filter((s) => s.values[METRIC_INDEX.get('cpu')!] !== null)
      .map((s) => s.at);

    const nodeRow = await rrdRow(client.nodeRrd(node, 'hour', 'AVERAGE'), minute);
    const nodeStaged = await stagedMean({ kind: 'node', id: hostId }, minute);
    for (const k of ['netin', 'netout'] as const) {
      // What the chart shows, and the live samples themselves.
      expect(within(at(nodeSeries, k, minute), nodeRow?.[k]), `node ${k}: ${at(nodeSeries, k, minute)} vs ${nodeRow?.[k]}`).toBe(
        true,
      );
      expect(within(nodeStaged(k), nodeRow?.[k]), `node staged ${k}: ${nodeStaged(k)} vs ${nodeRow?.[k]}`).toBe(true);
    }
    for (const [vmid, type] of [
      [100, 'qemu'],
      [101, 'lxc'],
    ] as const) {
      const id = await guestId(vmid);
      const live = await series('guest', id);
      const peak = await series('guest', id, 'max');
      const row = await rrdRow(client.guestRrd(node, type, vmid, 'hour', 'AVERAGE'), minute);
      const before = await rrdRow(client.guestRrd(node, type, vmid, 'hour', 'AVERAGE'), minute - 60);
      const staged = await stagedMean({ kind: 'guest', id }, minute);
      for (const k of RATES) {
        const v = at(live, k, minute);
        expect(within(v, row?.[k]), `${vmid} ${k}: live ${v} vs rrddata ${row?.[k]}`).toBe(true);
        expect(within(staged(k), row?.[k]), `${vmid} staged ${k}: ${staged(k)} vs rrddata ${row?.[k]}`).toBe(true);
        // The minute's highest sample (what a 'max' chart keeps): a rate of that minute or the one before, no spike.
        expect(at(peak, k, minute), `${vmid} max ${k}`).toBeLessThan(Math.max(row![k]!, before?.[k] ?? 0) * 1.15);
      }
    }
    // One rrddata read of the node a minute, beside the poll's own requests: by the first poll each minute became due
    // at (node-minute.ts), not by those after it, nor by one whose minute was read before the count began.
    const readBefore = dueMinute(Math.max(...polled.filter((a) => a <= counted)) * 1000);
    const due = new Set(polled.filter((a) => a > counted).map((a) => dueMinute(a * 1000)));
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBe([...due].filter((m) => m > readBefore).length);
  }, 60_000);

  it('a rebooted guest records no spike: no sample from its reset counters, then its new rate', async () => {
    const id = await guestId(100);
    // Polls before the reboot's task ended still saw the old counters: the one after it is found by its missing rate.
    const since = clockS();
    const upid = await client.guestAction(node, 'qemu', 100, 'reboot');
    await client.waitForTask(node, upid, { timeoutMs: 20_000 });
    const afterReset = (p: Awaited<ReturnType<typeof polledSince>>) => p.slice(p.findIndex((x) => x.netin === null) + 1);
    const polls = await secondsUntil(
      () => polledSince(id, since),
      (p) => p.some((x) => x.netin === null) && afterReset(p).length >= 3,
      60,
    );
    // One poll saw the counters (and the uptime) back near 0: no rate from it, and only from it.
    expect(polls.filter((p) => p.netin === null)).toHaveLength(1);
    expect(afterReset(polls).length).toBeGreaterThanOrEqual(3);
    const peak = await rrdPeak(100, 'qemu');
    for (const p of polls) if (p.netin !== null) expect(p.netin).toBeLessThan(peak * 1.5);
  });

  it('a restarted portal records no spike: its first poll gives no rate, the next ones the guest’s', async () => {
    const id = await guestId(101);
    await t.close();
    // What a new process starts with (this test restarts the portal inside its own process).
    forgetCounterReadings();
    forgetNodeMinutes();
    // Down for a second of the clock: what the portal polled before is older than `restarted`.
    await clock.advance(1000);
    const restarted = clockS();
    t = await createTestApp({ jobs: true, env: ENV, reuseDatabase: shared, clock });
    await settle(clock, quiet(clock.now()));
    const polls = await secondsUntil(
      () => polledSince(id, restarted),
      (p) => p.length >= 3,
      90,
    );
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls[0]!.netin).toBeNull();
    const peak = await rrdPeak(101, 'lxc');
    for (const p of polls.slice(1)) {
      expect(p.netin).not.toBeNull();
      expect(p.netin!).toBeLessThan(peak * 1.5);
    }
  });
  it('reads a node’s minute once whichever replica polls it, and again when the read failed', async () => {
    const org = owner.user.organisationId!;
    const resources = await client.clusterResources();
    const readAt = clock.now();
    const minute = dueMinute(readAt.getTime());
    let reads = 0;
    const read = (n: string) => {
      reads++;
      return client.nodeRrd(n, 'hour', 'AVERAGE');
    };
    // Subjects of their own: the live poll claims the host's minutes meanwhile.
    const [a, b] = [
      { id: randomUUID(), pveNode: node },
      { id: randomUUID(), pveNode: node },
    ];
    await recordNodeMinutes(shared.db, read, { organisationId: org, members: [a], resources, readAt });
    await recordNodeMinutes(shared.db, read, { organisationId: org, members: [a], resources, readAt });
    forgetNodeMinutes(); // another replica, or a restarted portal
    await recordNodeMinutes(shared.db, read, { organisationId: org, members: [a], resources, readAt });
    expect(reads).toBe(1);

    const failing = () => Promise.reject(new Error('read timed out'));
    await expect(recordNodeMinutes(shared.db, failing, { organisationId: org, members: [b], resources, readAt })).rejects.toThrow(
      'read timed out',
    );
    forgetNodeMinutes();
    await recordNodeMinutes(shared.db, read, { organisationId: org, members: [b], resources, readAt });
    expect(reads).toBe(2);
    const row = await rrdRow(client.nodeRrd(node, 'hour', 'AVERAGE'), minute);
    for (const id of [a.id, b.id]) {
      const staged = await stagedSamples(shared.db, org, { kind: 'node', id }, minute, minute + 60);
      expect(staged).toHaveLength(1);
      expect(within(staged[0]!.values[METRIC_INDEX.get('netin')!], row?.['netin'], 0.001)).toBe(true);
      // What the poll gives itself (cpu, memory) is not taken from the row.
      expect(staged[0]!.values[METRIC_INDEX.get('cpu')!]).toBeNull();
    }
  });
});
