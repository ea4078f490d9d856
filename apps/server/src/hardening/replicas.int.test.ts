import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { giveLicence, passwordBody } from '../modules/hosts/hosts.testing';
import { createTestApp } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../testing/database';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';

const INTERVAL_S = 5;

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two replicas on one PostgreSQL', () => {
  it('run the background sync once per interval, not once per replica', async () => {
    const fleet: Fleet = await startFleet(generateFleet({ nodes: 1, guests: 3, seed: 4, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    const shared = await openTestDatabase('postgres');
    const otherPool = await openDatabase({ databaseUrl: shared.url, poolSize: 3 });
    const env = { SYNC_INTERVAL_SECONDS: String(INTERVAL_S), RATE_LIMIT_ENABLED: 'false' };
    const first = await createTestApp({ env, reuseDatabase: shared });
    try {
      const owner = await buildUser(shared.db, { orgRole: 'owner' });
      await giveLicence(shared.db, owner.user.organisationId!, 'pro');
      const added = await first.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: passwordBody(fleet.nodes[0]!) });
      expect(added.statusCode, added.body).toBe(201);
      // The second replica starts half an interval later, so the two timers tick out of phase.
      await new Promise((r) => setTimeout(r, (INTERVAL_S * 1000) / 2));
      const second = await createTestApp({ env, reuseDatabase: otherPool });
      try {
        const since = Date.now();
        await new Promise((r) => setTimeout(r, INTERVAL_S * 2000 + 1500));
        const passes = (logs: Record<string, unknown>[]) =>
          logs.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('background sync') && (l.time as number) >= since).length;
        const total = passes(first.logs) + passes(second.logs);
        // Two intervals elapsed: two passes in all. Without the claim each replica would sync on each of its
        // ticks (four passes).
        expect(total).toBe(2);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      await otherPool.close();
      await shared.close();
      await fleet.close();
    }
  }, 60_000);
});
