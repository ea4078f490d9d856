import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { claimJobSlot } from './job-slots';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../testing/database';

describe.each(TEST_DATABASE_KINDS)('job slots on %s', (kind) => {
  it('gives each interval to exactly one claimant', async () => {
    const database = await openTestDatabase(kind);
    try {
      expect(await claimJobSlot(database.db, 'sync', 400, 'a')).toBe(true);
      expect(await claimJobSlot(database.db, 'sync', 400, 'b')).toBe(false);
      expect(await claimJobSlot(database.db, 'other-job', 400, 'b')).toBe(true);
      await new Promise((r) => setTimeout(r, 450));
      expect(await claimJobSlot(database.db, 'sync', 400, 'b')).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('two replicas on one PostgreSQL', () => {
  it('run a scheduled job once per interval, not once per replica', async () => {
    const shared = await openTestDatabase('postgres');
    // A second, independent connection pool to the same database: another replica.
    const other = await openDatabase({ databaseUrl: shared.url, poolSize: 3 });
    const replicas = [
      { id: 'replica-1', db: shared.db },
      { id: 'replica-2', db: other.db },
    ];
    const intervalMs = 300;
    const runs: { replica: string; at: number }[] = [];
    const started = Date.now();
    try {
      // Both replicas tick every 50 ms (six times per interval), out of phase, for five intervals.
      await Promise.all(
        replicas.map(async (r, i) => {
          await new Promise((res) => setTimeout(res, i * 25));
          while (Date.now() - started < intervalMs * 5) {
            if (await claimJobSlot(r.db, 'sync', intervalMs, r.id)) runs.push({ replica: r.id, at: Date.now() });
            await new Promise((res) => setTimeout(res, 50));
          }
        }),
      );
      // Once per interval in all (about five runs, shared by both replicas), never two runs closer than the
      // claim margin. Without the slot each replica would run on each of its ~60 ticks.
      expect(runs.length).toBeGreaterThanOrEqual(4);
      expect(runs.length).toBeLessThanOrEqual(6);
      runs.sort((a, b) => a.at - b.at);
      const gaps = runs.slice(1).map((r, i) => r.at - runs[i]!.at);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(intervalMs * 0.8);
    } finally {
      await other.close();
      await shared.close();
    }
  });
});
