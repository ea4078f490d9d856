import type { z } from 'zod';
import { ScheduleInputSchema, scheduleStopsGuests, type Schedule, type SchedulePatch, type TaskAccepted } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, errorText } from '../../errors';
import { message } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { checkScheduleForKey } from '../api-keys/key-scope';
import { scheduleScopeOf } from '../api-keys/scoped-lists';
import {
  checkCron,
  checkFitsWindow,
  checkSelectorIds,
  checkTimeZone,
  invalidAfterPatch,
  type AutomationContext,
} from './schedule-checks';
import { pageOf, parseCursor, toScheduleDto, type AutomationListQuery } from './schedule-dto';
import { requireFeature } from '../licenses/licenses.service';
import { authorizeSchedule } from './schedule-rights';
import { fireOccurrence, SCHEDULE_RUNS, type SchedulerDeps } from './scheduler';
import {
  deleteSchedule,
  findSchedule,
  findWindow,
  insertSchedule,
  listSchedules,
  selectGuests,
  updateSchedule,
  type NewScheduleRow,
} from './schedules.repository';
import { creatorOf } from '../../kernel/principal';
import { actorOf } from '../../kernel/request-context';

/**
 * Schedules: every member reads them; owners and admins change them (organisation configuration); operators
 * also run one now (a manual run ignores the window).
 */

/** A schedule as the input schema leaves it (defaults applied). */
type ScheduleValues = z.output<typeof ScheduleInputSchema>;

export async function listSchedulesOf(db: Db, ctx: AutomationContext, query: AutomationListQuery) {
  const limit = Number(query.limit ?? 50);
  const rows = await listSchedules(
    db,
    ctx.organisationId,
    limit + 1,
    query.cursor ? parseCursor(query.cursor) : undefined,
    scheduleScopeOf(ctx.user),
  );
  const now = new Date();
  return pageOf(rows, limit, (row) => toScheduleDto(row, now));
}

/** The schedule, or 404; for a scoped API key, 404 also for one outside its hosts and tags (scheduleWithinKey). */
async function scheduleOf(db: Db, ctx: AutomationContext, id: string) {
  const row = await findSchedule(db, ctx.organisationId, id, scheduleScopeOf(ctx.user));
  if (!row) throw notFound('schedule');
  return row;
}

export async function getSchedule(db: Db, ctx: AutomationContext, id: string): Promise<Schedule> {
  const row = await scheduleOf(db, ctx, id);
  if (!row) throw notFound('schedule');
  return toScheduleDto(row, new Date());
}

/**
 * What the schema cannot check: the time zone, the cron, the selector's ids, the window (the organisation's, long
 * enough for the job). A PATCH checks the selector's ids and the fit only when it changes them (guests may have
 * gone since, a rename must still work).
 */
async function checkSchedule(
  db: Db,
  ctx: AutomationContext,
  values: ScheduleValues,
  options: { id?: string; selectorChanged: boolean; windowChanged: boolean },
): Promise<void> {
  await requireFeature(db, ctx.organisationId, SCHEDULE_RUNS[values.kind].feature);
  checkTimeZone(ctx.language, values.timezone);
  checkCron(ctx.language, values.cron, values.timezone);
  if (options.selectorChanged) await checkSelectorIds(db, ctx.language, ctx.organisationId, values.selector);
  if (!values.window_id) return;
  const window = await findWindow(db, ctx.organisationId, values.window_id);
  if (!window) throw new AppError('bad_request', message(ctx.language, 'schedule.windowUnknown'));
  if (options.selectorChanged || options.windowChanged) {
    await checkFitsWindow(
      db,
      ctx.language,
      ctx.organisationId,
      { id: options.id, kind: values.kind, selector: values.selector },
      window,
    );
  }
}

const rowValues = (v: ScheduleValues) => ({
  name: v.name,
  kind: v.kind,
  cron: v.cron.trim().replace(/\s+/g, ' '),
  timezone: v.timezone,
  windowId: v.window_id,
  selector: v.selector,
  params: v.params,
  enabled: v.enabled,
  catchUp: v.catch_up,
});

export async function createSchedule(db: Db, ctx: AutomationContext, input: ScheduleValues): Promise<Schedule> {
  authorize(ctx.user, 'schedules.manage');
  authorizeSchedule(ctx.user, input);
  checkScheduleForKey(ctx.user, input);
  await checkSchedule(db, ctx, input, { selectorChanged: true, windowChanged: true });
  const values: NewScheduleRow = {
    ...rowValues(input),
    organisationId: ctx.organisationId,
    createdBy: creatorOf(ctx.user),
  };
  return toScheduleDto(await insertSchedule(db, values, actorOf(ctx)), new Date());
}

/** The schedule a patch would leave (params merged key by key; the kind never changes), or 400. */
async function patched(db: Db, ctx: AutomationContext, id: string, patch: SchedulePatch) {
  const row = await scheduleOf(db, ctx, id);
  const current = toScheduleDto(row, new Date());
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = ScheduleInputSchema.safeParse({
    ...current,
    ...defined,
    kind: row.kind,
    params: { ...row.params, ...patch.params },
  });
  if (!merged.success) throw invalidAfterPatch(ctx.language, merged.error);
  return { row, merged: merged.data };
}

/**
 * Whether changing the schedule this way, or running it now, is a bulk stop (a step-up, and four-eyes where the
 * organisation holds them): what the schedule will be (or is) decides, not the request's body alone.
 */
export async function scheduleChangeStopsGuests(
  db: Db,
  ctx: AutomationContext,
  id: string,
  patch?: SchedulePatch,
): Promise<boolean> {
  authorize(ctx.user, patch ? 'schedules.manage' : 'schedules.run');
  const schedule = patch ? (await patched(db, ctx, id, patch)).merged : await scheduleOf(db, ctx, id);
  return scheduleStopsGuests(schedule);
}

/** Merges the patch into the schedule (params key by key), then checks the whole; the kind never changes. */
export async function patchSchedule(db: Db, ctx: AutomationContext, id: string, patch: SchedulePatch): Promise<Schedule> {
  authorize(ctx.user, 'schedules.manage');
  const { row, merged } = await patched(db, ctx, id, patch);
  authorizeSchedule(ctx.user, merged);
  checkScheduleForKey(ctx.user, merged);
  await checkSchedule(db, ctx, merged, {
    id,
    selectorChanged: patch.selector !== undefined,
    windowChanged: patch.window_id !== undefined && patch.window_id !== row.windowId,
  });
  const updated = await updateSchedule(db, ctx.organisationId, id, rowValues(merged), actorOf(ctx));
  if (!updated) throw notFound('schedule');
  return toScheduleDto(updated, new Date());
}

export async function removeSchedule(db: Db, ctx: AutomationContext, id: string): Promise<void> {
  authorize(ctx.user, 'schedules.manage');
  await scheduleOf(db, ctx, id);
  if (!(await deleteSchedule(db, ctx.organisationId, id, actorOf(ctx)))) throw notFound('schedule');
}

/**
 * Runs a schedule now, outside its cron and window: an occurrence at this instant, made by the user. It does not
 * count as one of the cron's occurrences (last_run_at stays).
 */
export async function runScheduleNow(deps: SchedulerDeps, ctx: AutomationContext, id: string): Promise<TaskAccepted> {
  authorize(ctx.user, 'schedules.run');
  const schedule = await scheduleOf(deps.db, ctx, id);
  // Who runs it now must be allowed what it does (their rights, not its maker's).
  authorizeSchedule(ctx.user, schedule);
  const guests = await selectGuests(deps.db, ctx.organisationId, schedule.selector);
  if (guests.length === 0) throw new AppError('invalid_state', message(ctx.language, 'schedule.noGuests'));
  const now = new Date();
  const task = await fireOccurrence(deps, schedule, {
    scheduledFor: now,
    actor: creatorOf(ctx.user),
    eventActor: actorOf(ctx),
    advance: false,
    guests,
    now,
  });
  if (!task) throw new AppError('conflict', errorText('schedules.startedAlready'));
  return { task_id: task.id };
}
