import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { createTestApp, type TestApp } from '../../../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../../testing/database';
import { LOOPBACK_HOSTS } from '../../../testing/env';
import { buildUser } from '../../../testing/factories';
import { trackSecret } from '../../../testing/secrets';
import { until } from '../../../testing/until';
import { giveLicence, tokenBody } from '../../hosts/hosts.testing';

const BUDGET = 6;
const FILE_READ = 'GET /nodes/{node}/qemu/{vmid}/agent/file-read';

/**
 * Two replicas on one PostgreSQL, in real time: each runs the agent dispatch loop, yet the host gets one budget,
 * not two (its minute is claimed by one replica at a time).
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
      SYNC_INTERVAL_SECONDS: '5',
      AGENT_READS_PER_HOST_PER_MINUTE: String(BUDGET),
      ...LOOPBACK_HOSTS,
    };
    const apps: TestApp[] = [];
    try {
      apps.push(await createTestApp({ jobs: true, env, reuseDatabase: shared }));
      const owner = await buildUser(shared.db, { orgRole: 'owner' });
      await giveLicence(shared.db, owner.user.organisationId!, 'pro');
      const added = await apps[0]!.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: tokenBody(fleet.nodes[0]!),
      });
      expect(added.statusCode, added.body).toBe(201);
      // The second replica's loop ticks half a second out of phase with the first's.
      await new Promise((r) => setTimeout(r, 500));
      apps.push(await createTestApp({ jobs: true, env, reuseDatabase: otherPool }));
      const node = fleet.nodes[0]!.name;
      await until(
        async () => fleet.requestStats(node).by_path[FILE_READ] ?? 0,
        (n) => n > 0,
        70_000,
      );
      fleet.resetRequestStats(node);
      await new Promise((r) => setTimeout(r, 58_000));
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
