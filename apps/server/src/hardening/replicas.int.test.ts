import { generateFleet } from '@proxai/pve-sim';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HOST_POLL_JOB } from '../modules/hosts/pollers';
import { TEST_DATABASE_KINDS } from '../testing/database';
import { startReplicas } from '../testing/replicas';

const INTERVAL_S = 5;

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two replicas on one PostgreSQL', () => {
  it('poll a host once per cycle, not once per replica', async () => {
    // The second replica starts half an interval later, so the two dispatchers tick out of phase.
    const replicas = await startReplicas({
      spec: generateFleet({ nodes: 1, guests: 3, seed: 4, pbs: false }),
      env: { SYNC_INTERVAL_SECONDS: String(INTERVAL_S) },
      phaseMs: (INTERVAL_S * 1000) / 2,
    });
    try {
      const since = new Date();
      await new Promise((r) => setTimeout(r, INTERVAL_S * 2000 + 1500));
      // Every poll is one job of pg-boss's table, whichever replica queued and ran it.
      const polls = (await replicas.shared.db.execute(sql`
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
      await replicas.close();
    }
  }, 60_000);
});
