import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { metricBackfills } from '../../../db/schema';
import { acceleratedClock } from '../../../testing/accelerated-clock';
import { createTestApp, type TestApp } from '../../../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../../testing/database';
import { LOOPBACK_HOSTS } from '../../../testing/env';
import { buildUser } from '../../../testing/factories';
import { trackSecret } from '../../../testing/secrets';
import { until } from '../../../testing/until';
import { giveLicence, tokenBody } from '../../hosts/hosts.testing';

const SPEED = 20;
const BUDGET = 6;
const FILE_READ = 'GET /nodes/{node}/qemu/{vmid}/agent/file-read';

/**
 * Two replicas on one PostgreSQL, their background work on one clock whose waits pass 20 times faster
 * (testing/accelerated-clock.ts): each runs the agent dispatch loop, yet the host gets one budget, not two (its
 * minute is claimed by one replica at a time).
 */
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('guest-agent budget on two replicas of one PostgreSQL', () => {
  it('reads a host at most its budget per minute, whichever replica claims it', async () => {
    const spec = generateFleet({ nodes: 1, guests: 14, seed: 4, pbs: false });
    spec.nodes[0]!.guests = spec.nodes[0]!.guests.map((g, i) => ({
      ...g,
      vmid: 100 + i,
      type: 'qemu' as const,
      ostype: 'l26',
      status: 'running' as const,
      template: false,
      lock: undefined,
      agent: true,
      agentRunning: true,
    }));
    spec.nodes[0]!.storages = spec.nodes[0]!.storages?.map((st) => ({
      ...st,
      totalBytes: Math.round(st.totalBytes ?? 0),
      usedBytes: Math.round(st.usedBytes ?? 0),
    }));
    const fleet: Fleet = await startFleet(spec, { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    const shared = await openTestDatabase('postgres');
    const otherPool = await openDatabase({ databaseUrl: shared.url, poolSize: 3 });
    const env = {
      RATE_LIMIT_ENABLED: 'false',
      // A poll every 20 s of the clock, the default: 5 s would poll 4 times as often on this faster clock, for nothing.
      SYNC_INTERVAL_SECONDS: '20',
      AGENT_READS_PER_HOST_PER_MINUTE: String(BUDGET),
      ...LOOPBACK_HOSTS,
    };
    const clock = acceleratedClock(SPEED);
    const apps: TestApp[] = [];
    try {
      apps.push(await createTestApp({ jobs: true, clock, env, reuseDatabase: shared }));
      const owner = await buildUser(shared.db, { orgRole: 'owner' });
      await giveLicence(shared.db, owner.user.organisationId!, 'pro');
      const added = await apps[0]!.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: tokenBody(fleet.nodes[0]!),
      });
      expect(added.statusCode, added.body).toBe(201);
      // The second replica, started later, runs its own dispatch loop beside the first's.
      apps.push(await createTestApp({ jobs: true, clock, env, reuseDatabase: otherPool }));
      const node = fleet.nodes[0]!.name;
      await until(
        async () => fleet.requestStats(node).by_path[FILE_READ] ?? 0,
        (n) => n > 0,
        70_000,
      );
      // The host's history backfill runs on the same clock, its 2 requests a second then 40 real ones: the minute
      // counted starts once it is done, so that the reads do not wait behind its work.
      const backfill = await until(
        async () => (await shared.db.select().from(metricBackfills))[0]?.state,
        (state) => state === 'done',
        100_000,
      );
      expect(backfill).toBe('done');
      fleet.resetRequestStats(node);
      await clock.sleep(58_000);
      const reads = fleet.requestStats(node).by_path[FILE_READ] ?? 0;
      // 14 VMs with an answering agent, more than the budget: the budget is used, and not twice.
      expect(reads).toBeLessThanOrEqual(BUDGET);
      expect(reads).toBeGreaterThanOrEqual(BUDGET - 1);
    } finally {
      for (const app of apps.reverse()) await app.close();
      await otherPool.close();
      await shared.close();
      await fleet.close();
    }
  }, 200_000);
});
