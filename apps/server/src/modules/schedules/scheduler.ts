import { hasFeature } from '../licenses/licenses.service';
import type { FastifyBaseLogger } from 'fastify';
import {
  BackupPolicyParamsSchema,
  GuestActionParamsSchema,
  RestoreTestPolicyParamsSchema,
  SnapshotPolicyParamsSchema,
  type PlanFeature,
  type ScheduleKind,
  type Weekday,
} from '@proxai/contract';
import type { Db } from '../../db/client';
import { realClock, type Clock } from '../../jobs/clock';
import type { SendJob, TaskJobName } from '../../jobs/job-payloads';
import type { TaskActor } from '../../db/schema';
import { clockLoop } from '../../jobs/clock';
import { endTask, type NewTaskRow, type TaskRow } from '../tasks/tasks.repository';
import { dueOccurrence, ESTIMATE_HISTORY_RUNS, estimateMinutes } from './schedule-logic';
import {
  advanceLastOccurrence,
  enabledSchedules,
  findWindow,
  recordOccurrence,
  selectGuests,
  succeededRunDurations,
  type ScheduleRow,
  type SelectedGuest,
  type WindowRow,
} from './schedules.repository';
import { minutesLeft, type WindowSpec } from './window-logic';
import { makerRefusal } from './schedule-rights';
import { type EventActor } from '../../kernel/principal';

/**
 * The scheduler (DESIGN.md §12): on every replica, a tick every few seconds finds each enabled schedule's due
 * occurrence (schedule-logic.ts dueOccurrence), decides to run or skip it, and records it as one task. The task
 * is unique per (schedule, occurrence), so whichever replica inserts it first handles it and the others do
 * nothing: each occurrence runs exactly once across replicas. A run's task is a parent task the kind's job fills
 * with one child per guest (bulk-action.job.ts, snapshot-policy.job.ts).
 */

/** Queues a job by catalogue name (app.jobs.send); tests may pass their own. */
export type Dispatch = SendJob;

export interface SchedulerDeps {
  db: Db;
  log: FastifyBaseLogger;
  dispatch: Dispatch;
  /** The time of the ticks and of what they judge due (default the real one; createTestApp({ clock })). */
  clock?: Clock;
}

export const windowSpec = (w: WindowRow): WindowSpec => ({
  days: w.days as Weekday[],
  start: w.start,
  durationMinutes: w.durationMinutes,
  timezone: w.timezone,
});

export const scheduleActor = (s: ScheduleRow): TaskActor => ({ type: 'schedule', id: s.id, name: s.name });

/** A schedule's estimate for `guests` guests, from its history. */
export async function scheduleEstimate(db: Db, s: Pick<ScheduleRow, 'id' | 'kind'>, guests: number): Promise<number> {
  return estimateMinutes(s.kind as ScheduleKind, guests, await succeededRunDurations(db, s.id, ESTIMATE_HISTORY_RUNS));
}

interface KindRun {
  kind: string;
  params: Record<string, unknown>;
  /** A name of the job catalogue (jobs/job-payloads.ts), so the scheduler imports no feature's job for it. */
  job: TaskJobName;
  what: string;
}

/**
 * Each kind of schedule: the plan feature it needs to run, and the parent task a run of it makes with its job
 * and how the task log starts. The job fills the parent with one child per guest (or per node for backups).
 */
export const SCHEDULE_RUNS: Record<ScheduleKind, { feature: PlanFeature; run(s: ScheduleRow, guestIds: string[]): KindRun }> = {
  snapshot: {
    feature: 'nightly_automation',
    run: (s, guestIds) => ({
      kind: 'snapshot.policy',
      params: { ...SnapshotPolicyParamsSchema.parse(s.params), guest_ids: guestIds, schedule_name: s.name },
      job: 'snapshot.policy',
      what: `snapshot ${guestIds.length} guests`,
    }),
  },
  guest_action: {
    feature: 'nightly_automation',
    run: (s, guestIds) => {
      const { action } = GuestActionParamsSchema.parse(s.params);
      return {
        kind: `bulk.${action}`,
        params: { action, guest_ids: guestIds },
        job: 'bulk.guest-action',
        what: `${action} ${guestIds.length} guests`,
      };
    },
  },
  backup: {
    feature: 'nightly_automation',
    run: (s, guestIds) => ({
      kind: 'backup.policy',
      params: { ...BackupPolicyParamsSchema.parse(s.params), guest_ids: guestIds, schedule_name: s.name },
      job: 'backup.policy',
      what: `back up ${guestIds.length} guests`,
    }),
  },
  'restore-test': {
    feature: 'restore_tests',
    run: (s, guestIds) => ({
      kind: 'restore-test.policy',
      params: { ...RestoreTestPolicyParamsSchema.parse(s.params), guest_ids: guestIds, schedule_name: s.name },
      job: 'restore-test.policy',
      what: `restore-test up to ${Math.min(guestIds.length, RestoreTestPolicyParamsSchema.parse(s.params).max_guests_per_run)} of ${guestIds.length} guests`,
    }),
  },
};

/** Why a run is skipped when the plan lost the kind's feature (stored in the task, English). */
const planRefusal = (feature: PlanFeature): string =>
  feature === 'restore_tests'
    ? "The organisation's plan no longer includes automatic restore tests (Pro or higher)"
    : "The organisation's plan no longer includes automation (Essential or higher)";

/** Why the occurrence cannot start at `at` in its window, in English (stored in the task), or undefined. */
async function windowRefusal(db: Db, s: ScheduleRow, guests: number, at: Date): Promise<string | undefined> {
  if (!s.windowId) return undefined;
  const w = await findWindow(db, s.organisationId, s.windowId);
  if (!w) return undefined;
  const left = minutesLeft(windowSpec(w), at);
  if (left <= 0) {
    return `Outside its maintenance window "${w.name}" (${w.days.join(', ')} at ${w.start} for ${w.durationMinutes} minutes, ${w.timezone})`;
  }
  const needed = await scheduleEstimate(db, s, guests);
  if (needed > left) return `It needs about ${needed} minutes, but its maintenance window "${w.name}" closes in ${left}`;
  return undefined;
}

export interface FireOptions {
  scheduledFor: Date;
  actor: TaskActor;
  /** Who the events name: the actor, with the request's address for a run-now. */
  eventActor?: EventActor;
  /** Check the window at this instant; a run-now ignores the window. */
  windowAt?: Date;
  /** A cron occurrence moves last_occurrence_at; a run-now does not. */
  advance: boolean;
  /** The guests, when the caller already selected them. */
  guests?: SelectedGuest[];
  now: Date;
}

/**
 * Records one occurrence of `s` (run or skipped, with the reason) and queues the run's job. Answers the task
 * when this call recorded it; nothing when another replica had already recorded this occurrence.
 */
export async function fireOccurrence(deps: SchedulerDeps, s: ScheduleRow, o: FireOptions): Promise<TaskRow | undefined> {
  const { db } = deps;
  const guests = o.guests ?? (await selectGuests(db, s.organisationId, s.selector));
  const guestIds = guests.map((g) => g.id);
  const kind = SCHEDULE_RUNS[s.kind as ScheduleKind];
  const run = kind.run(s, guestIds);
  const reason =
    guests.length === 0
      ? 'No guest matches its selector'
      : !(await hasFeature(db, s.organisationId, kind.feature))
        ? planRefusal(kind.feature)
        : // An occurrence acts for the schedule's maker: their rights (or their key's) now, not when they made it.
          ((o.actor.type === 'schedule' ? await makerRefusal(db, s, o.now) : undefined) ??
          (o.windowAt ? await windowRefusal(db, s, guests.length, o.windowAt) : undefined));
  const hostIds = new Set(guests.map((g) => g.hostId));
  const task: NewTaskRow & { scheduleId: string; scheduledFor: Date } = {
    organisationId: s.organisationId,
    kind: run.kind,
    params: run.params,
    // A run on one host is shown with it.
    hostId: hostIds.size === 1 ? [...hostIds][0] : null,
    scheduleId: s.id,
    scheduledFor: o.scheduledFor,
    createdBy: o.actor,
    ...(reason ? { status: 'skipped' as const, error: reason, endedAt: o.now } : {}),
  };
  const by = o.actor.type === 'schedule' ? `occurrence of ${o.scheduledFor.toISOString()}` : `run now by ${o.actor.name}`;
  const firstLine = reason ? `Schedule "${s.name}" skipped (${by}): ${reason}` : `Schedule "${s.name}": ${run.what} (${by})`;
  const row = await recordOccurrence(db, s, { task, firstLine, advance: o.advance, actor: o.eventActor ?? o.actor });
  if (!row) {
    if (o.advance) await advanceLastOccurrence(db, s.id, o.scheduledFor);
    return undefined;
  }
  if (row.status === 'queued') {
    try {
      await deps.dispatch(run.job, { task_id: row.id });
    } catch (err) {
      deps.log.error({ err, schedule_id: s.id, task_id: row.id }, 'schedule run could not be queued');
      await endTask(db, row.id, 'failed', 'The run could not be queued', o.now);
    }
  }
  return row;
}

/** How old an occurrence may be and still count as on time (not missed while the portal was down). */
export const graceMs = (tickMs: number) => Math.max(60_000, 3 * tickMs);

/** One pass: every enabled schedule's due occurrence is run, skipped, or (missed without catch_up) passed over. */
export async function schedulerTick(deps: SchedulerDeps, now: Date, tickMs: number): Promise<void> {
  for (const s of await enabledSchedules(deps.db)) {
    try {
      const due = dueOccurrence(s, now, graceMs(tickMs));
      if (!due) continue;
      if (due.missed && !s.catchUp) {
        deps.log.info({ schedule_id: s.id, scheduled_for: due.at }, 'missed schedule occurrence not run (no catch-up)');
        await advanceLastOccurrence(deps.db, s.id, due.at);
        continue;
      }
      // On time, the window is judged at the occurrence's time (every replica decides alike); caught up, at now.
      await fireOccurrence(deps, s, {
        scheduledFor: due.at,
        actor: scheduleActor(s),
        windowAt: due.missed ? now : due.at,
        advance: true,
        now,
      });
    } catch (err) {
      deps.log.error({ err, schedule_id: s.id }, 'schedule occurrence failed');
    }
  }
}

/** What a tick logs (trace) once its pass is over, with the time it judged: a test follows the ticks by it. */
export const SCHEDULER_TICKED = 'scheduler tick done';

/**
 * Starts this replica's scheduler: a tick at once (catching up), then `tickMs` after each one ended, on the clock of
 * the background work, so the ticks and the times they judge (the grace of a missed occurrence counts in ticks) are
 * of one clock.
 */
export function startScheduler(deps: SchedulerDeps, options: { tickMs: number }): { stop(): Promise<void> } {
  const clock = deps.clock ?? realClock;
  let stopped = false;
  const loop = clockLoop(clock, { firstMs: 0, periodMs: options.tickMs }, async () => {
    const now = clock.now();
    try {
      await schedulerTick(deps, now, options.tickMs);
      deps.log.trace({ at: now.toISOString() }, SCHEDULER_TICKED);
    } catch (err) {
      if (!stopped) deps.log.error({ err }, 'scheduler tick failed');
    }
  });
  return {
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
