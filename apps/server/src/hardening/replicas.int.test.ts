import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { HOST_POLL_JOB } from '../modules/hosts/pollers';
import { giveLicence, passwordBody } from '../modules/hosts/hosts.testing';
import { createTestApp } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../testing/database';
import { buildUser } from '../testing/factories';
import { trackSecret } from '../testing/secrets';
import { LOOPBACK_HOSTS } from '../testing/env';

const INTERVAL_S = 5;

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two replicas on one PostgreSQL', () => {
  it('poll a host once per cycle, not once per replica', async () => {
    const fleet: Fleet = await startFleet(generateFleet({ nodes: 1, guests: 3, seed: 4, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    const shared = await openTestDatabase('postgres');
    const otherPool = await openDatabase({ databaseUrl: shared.url, poolSize: 3 });
    const env = { SYNC_INTERVAL_SECONDS: String(INTERVAL_S), RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS };
    const first = await createTestApp({ env, reuseDatabase: shared });
    try {
      const owner = await buildUser(shared.db, { orgRole: 'owner' });
      await giveLicence(shared.db, owner.user.organisationId!, 'pro');
      const added = await first.app.inject({
        method: 'POST',
        url: '/api/hosts',
        headers: owner.auth,
        payload: passwordBody(fleet.nodes[0]!),
      });
      expect(added.statusCode, added.body).toBe(201);
      // The second replica starts half an interval later, so the two dispatchers tick out of phase.
      await new Promise((r) => setTimeout(r, (INTERVAL_S * 1000) / 2));
      const second = await createTestApp({ env, reuseDatabase: otherPool });
      try {
        const since = new Date();
        await new Promise((r) => setTimeout(r, INTERVAL_S * 2000 + 1500));
        // Every poll is one job of pg-boss's table, whichever replica queued and ran it.
        const polls = (await shared.db.execute(sql`
          select created_on from pgboss.job
          where name = ${HOST_POLL_JOB} and created_on >= ${since.toISOString()}::timestamptz
          order by created_on`)) as { rows: { created_on: Date | string }[] };
        const times = polls.rows.map((r) => new Date(r.created_on).getTime());
        // Over two and a half cycles: two or three polls in all, never closer than most of a cycle.
        // If each replica polled on its own: four or five, 2.5 s apart.
        expect(times.length).toBeGreaterThanOrEqual(2);
        expect(times.length).toBeLessThanOrEqual(3);
        const gaps = times.slice(1).map((t, i) => t - times[i]!);
        expect(Math.min(...gaps)).toBeGreaterThan(INTERVAL_S * 1000 * 0.7);
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
