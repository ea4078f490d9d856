import { WindowInputSchema, type MaintenanceWindow, type WindowInput, type WindowPatch } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { message } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { checkTimeZone, checkWindowFitsSchedules, invalidAfterPatch, type AutomationContext } from './schedule-checks';
import { pageOf, parseCursor, toWindowDto, type AutomationListQuery } from './schedule-dto';
import {
  deleteUnusedWindow,
  findWindow,
  insertWindow,
  listWindows,
  schedulesUsingWindow,
  updateWindow,
} from './schedules.repository';
import { actorOf } from '../../kernel/request-context';

/** Maintenance windows: every member reads them; owners and admins change them (organisation configuration). */

export async function listWindowsOf(db: Db, ctx: AutomationContext, query: AutomationListQuery) {
  const limit = Number(query.limit ?? 50);
  const rows = await listWindows(db, ctx.organisationId, limit + 1, query.cursor ? parseCursor(query.cursor) : undefined);
  return pageOf(rows, limit, toWindowDto);
}

export async function createWindow(db: Db, ctx: AutomationContext, input: WindowInput): Promise<MaintenanceWindow> {
  authorize(ctx.user, 'schedules.manage');
  checkTimeZone(ctx.language, input.timezone);
  const row = await insertWindow(
    db,
    {
      organisationId: ctx.organisationId,
      name: input.name,
      days: input.days,
      start: input.start,
      durationMinutes: input.duration_minutes,
      timezone: input.timezone,
    },
    actorOf(ctx),
  );
  return toWindowDto(row);
}

/** Merges the patch into the window, then checks the whole, and that it still fits the schedules in it. */
export async function patchWindow(db: Db, ctx: AutomationContext, id: string, patch: WindowPatch): Promise<MaintenanceWindow> {
  authorize(ctx.user, 'schedules.manage');
  const row = await findWindow(db, ctx.organisationId, id);
  if (!row) throw notFound('maintenanceWindow');
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = WindowInputSchema.safeParse({ ...toWindowDto(row), ...defined });
  if (!merged.success) throw invalidAfterPatch(ctx.language, merged.error);
  const w = merged.data;
  checkTimeZone(ctx.language, w.timezone);
  if (w.duration_minutes < row.durationMinutes) {
    await checkWindowFitsSchedules(db, ctx.language, w.duration_minutes, await schedulesUsingWindow(db, id));
  }
  const updated = await updateWindow(
    db,
    ctx.organisationId,
    id,
    {
      name: w.name,
      days: w.days,
      start: w.start,
      durationMinutes: w.duration_minutes,
      timezone: w.timezone,
    },
    actorOf(ctx),
  );
  if (!updated) throw notFound('maintenanceWindow');
  return toWindowDto(updated);
}

/** 409 naming the schedules that use the window: they must leave it first. */
export async function removeWindow(db: Db, ctx: AutomationContext, id: string): Promise<void> {
  authorize(ctx.user, 'schedules.manage');
  const { deleted, usedBy } = await deleteUnusedWindow(db, ctx.organisationId, id, actorOf(ctx));
  if (usedBy.length > 0) {
    throw new AppError('conflict', message(ctx.language, 'window.inUse', { count: usedBy.length, names: usedBy.join(', ') }));
  }
  if (!deleted) throw notFound('maintenanceWindow');
}
