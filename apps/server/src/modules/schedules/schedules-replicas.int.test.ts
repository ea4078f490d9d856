import { generateFleet } from '@proxai/pve-sim';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Schedule } from '@proxai/contract';
import { tasks } from '../../db/schema';
import { settle, step, tickAt } from '../../testing/clock-steps';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { startReplicas } from '../../testing/replicas';
import { manualClock } from '../../testing/test-clock';
import { SCHEDULER_TICKED } from './scheduler';
import { eventsOf } from './schedules.testing';

const TICK_MS = 1000;
const MINUTE = 60_000;

/**
 * Two replicas on one PostgreSQL (issue 10): a schedule every minute, watched over three minutes, runs once per minute:
 * three occurrences, each one task and one schedule.fired, whichever replica got there first. Their background work
 * runs on one manual clock, moved a tick at a time once both schedulers have ticked: they tick at every second of it,
 * at the same instants, so both race for each occurrence at its first tick and look at it again at every tick after.
 */
describe.runIf(TEST_DATABASE_KINDS.includes('postgres'))('schedules on two replicas of one PostgreSQL', () => {
  it('run each occurrence of a per-minute schedule exactly once', async () => {
    const clock = manualClock(new Date());
    const { first, second, shared, owner, close } = await startReplicas({
      spec: generateFleet({ nodes: 1, guests: 3, seed: 9, pbs: false }),
      // Each tick traces the time it judged. No guest-agent reads: a minute of them would still be waiting on the
      // clock when the replicas stop.
      env: { SCHEDULER_TICK_SECONDS: String(TICK_MS / 1000), LOG_LEVEL: 'trace', AGENT_READS_PER_HOST_PER_MINUTE: '0' },
      phaseMs: 0,
      clock,
    });
    const ticked = (at: Date) => () => [first, second].every((r) => tickAt(r.logs, SCHEDULER_TICKED, at));
    try {
      await settle(clock, ticked(clock.now()));
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
      // Created on the real time, which the clock has not reached yet: its first occurrence is the minute after.
      const firstMinute = Math.ceil(new Date(schedule.created_at).getTime() / MINUTE) * MINUTE;
      const expected = [0, 1, 2].map((i) => new Date(firstMinute + i * MINUTE));
      // Until the third occurrence has had a few ticks of both replicas.
      while (clock.now().getTime() < expected[2]!.getTime() + 4 * TICK_MS) {
        await step(clock, TICK_MS, ticked(new Date(clock.now().getTime() + TICK_MS)));
      }
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
  }, 60_000);
});
