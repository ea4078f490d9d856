import { generateFleet } from '@proxai/pve-sim';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@proxai/contract';
import { tasks } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { startReplicas } from '../../testing/replicas';
import { eventsOf } from './schedules.testing';

const TICK_S = 2;
const MINUTE = 60_000;

/**
 * Two replicas on one PostgreSQL, in real time (issue 10): a schedule every minute, watched over three minutes,
 * runs once per minute: three occurrences, each one task and one schedule.fired, whichever replica got there first.
 */
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('schedules on two replicas of one PostgreSQL', () => {
  it('run each occurrence of a per-minute schedule exactly once', async () => {
    // The second replica starts half a tick later, so the two schedulers tick out of phase.
    const { second, shared, owner, close } = await startReplicas({
      spec: generateFleet({ nodes: 1, guests: 3, seed: 9, pbs: false }),
      env: { SCHEDULER_TICK_SECONDS: String(TICK_S) },
      phaseMs: (TICK_S * 1000) / 2,
    });
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/schedules',
        headers: owner.auth,
        payload: {
          name: 'Every minute',
          kind: 'guest_action',
          cron: '* * * * *',
          timezone: 'UTC',
          selector: { all: true },
          params: { action: 'start' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const schedule = res.json<Schedule>();
      const firstMinute = Math.ceil(new Date(schedule.created_at).getTime() / MINUTE) * MINUTE;
      const expected = [0, 1, 2].map((i) => new Date(firstMinute + i * MINUTE));
      // Until the third occurrence has had a few ticks of both replicas.
      await new Promise((r) => setTimeout(r, expected[2]!.getTime() + 4 * TICK_S * 1000 - Date.now()));
      const made = await shared.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.scheduleId, schedule.id), isNull(tasks.parentId)))
        .orderBy(tasks.scheduledFor);
      expect(made.map((x) => x.scheduledFor)).toEqual(expected);
      expect(made.every((x) => x.kind === 'bulk.start' && x.status !== 'skipped')).toBe(true);
      const fired = (await eventsOf(shared.db, owner.user.organisationId!, 'schedule.fired')).filter(
        (e) => e.data.schedule_id === schedule.id,
      );
      expect(fired.map((e) => e.data.task_id).sort()).toEqual(made.map((x) => x.id).sort());
    } finally {
      await close();
    }
  }, 300_000);
});
