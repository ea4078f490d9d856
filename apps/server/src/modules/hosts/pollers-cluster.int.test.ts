import { generateFleet } from '@proxai/pve-sim';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, hosts } from '../../db/schema';
import { until } from '../../testing/until';
import { startHostsTestbed, type HostsTestbed } from './hosts-testbed.testing';
import { tokenBody } from './hosts.testing';

const INTERVAL_S = 5;

describe('pollers and clusters: registered nodes of one cluster', () => {
  let bed: HostsTestbed;
  beforeAll(async () => {
    // Three nodes in one cluster; the first two are registered, the third is not.
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 3, guests: 18, seed: 8, pbs: false, clusterSize: 3 }),
      taskDurationMs: 20,
      env: { SYNC_INTERVAL_SECONDS: String(INTERVAL_S), PVE_TIMEOUT_MS: '3000' },
      addBody: (n, i) => (i < 2 ? tokenBody(n) : undefined),
    });
  });
  afterAll(async () => {
    await bed?.close();
  });

  const db = () => bed.t.database.db;
  const live = async () => db().select().from(guests).where(inArray(guests.hostId, bed.hostIds));

  it('recognises the hosts as one cluster and reads each guest once, on the node it runs on', async () => {
    const rows = await db().select().from(hosts).where(inArray(hosts.id, bed.hostIds));
    expect(rows.map((h) => h.clusterName)).toEqual(['cluster1', 'cluster1']);
    expect(rows[0]!.clusterNodes).toEqual(expect.arrayContaining(['pve1', 'pve2', 'pve3']));
    const all = (await live()).filter((g) => !g.goneAt);
    const onNodes = bed.fleet.nodes
      .slice(0, 2)
      .flatMap((n) => [...bed.fleet.node(n.name).guests.values()].filter((g) => !g.template));
    expect(all.map((g) => g.vmid).sort()).toEqual(onNodes.map((g) => g.vmid).sort());
    // Guests of the unregistered third node are not shown.
    const third = [...bed.fleet.node(bed.fleet.nodes[2]!.name).guests.keys()];
    expect(all.some((g) => third.includes(g.vmid))).toBe(false);
  });

  it('a guest that migrates between registered nodes keeps its identity', async () => {
    const [first, second] = bed.fleet.nodes;
    const moving = [...bed.fleet.node(first!.name).guests.values()].find((g) => !g.template)!;
    const [before] = await db().select().from(guests).where(eq(guests.vmid, moving.vmid));
    expect(before?.hostId).toBe(bed.hostIds[0]);
    bed.fleet.migrateGuest(moving.vmid, second!.name);
    await db().update(hosts).set({ nextPollAt: new Date() }).where(inArray(hosts.id, bed.hostIds));
    const after = await until(
      async () => (await db().select().from(guests).where(eq(guests.vmid, moving.vmid))).filter((g) => !g.goneAt),
      (rows) => rows[0]?.hostId === bed.hostIds[1],
      15_000,
    );
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, hostId: bed.hostIds[1], node: second!.name });
  });

  it('one node polls the cluster each cycle: the other is covered and asks nothing', async () => {
    const [first, second] = bed.fleet.nodes;
    // Past the first full reads, at steady state.
    await new Promise((r) => setTimeout(r, INTERVAL_S * 1000));
    bed.fleet.resetRequestStats();
    await new Promise((r) => setTimeout(r, INTERVAL_S * 3000));
    const lead = fleetStateRequests(bed.fleet.requestStats(first!.name).by_path);
    const other = fleetStateRequests(bed.fleet.requestStats(second!.name).by_path);
    // Three cycles: about three /cluster/resources calls on the lead, none on the other.
    expect(lead['GET /cluster/resources'] ?? 0).toBeGreaterThanOrEqual(2);
    expect(sum(lead)).toBeLessThanOrEqual(6);
    expect(other).toEqual({});
  });
});

/**
 * The requests that read the fleet's state: what the poller's budget counts. History (a new host's rrddata backfill)
 * and VM memory from the guest agent have budgets of their own (modules/metrics/collect), tested there.
 */
function fleetStateRequests(byPath: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(byPath).filter(([p]) => !/\/rrddata$|\/agent\//.test(p)));
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
