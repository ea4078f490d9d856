import { z } from 'zod';
import type { MaintenanceWindow, Schedule, ScheduleKind, Weekday } from '@proxai/contract';
import { AppError, errorText } from '../../errors';
import { cronOf } from './schedule-logic';
import type { NameCursor, ScheduleRow, WindowRow } from './schedules.repository';

/** Windows and schedules as the API answers them, and the cursors of their pages. */

export function toWindowDto(w: WindowRow): MaintenanceWindow {
  return {
    id: w.id,
    name: w.name,
    days: w.days as Weekday[],
    start: w.start,
    duration_minutes: w.durationMinutes,
    timezone: w.timezone,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export function toScheduleDto(s: ScheduleRow, now: Date): Schedule {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind as ScheduleKind,
    cron: s.cron,
    timezone: s.timezone,
    window_id: s.windowId,
    selector: s.selector,
    params: s.params,
    enabled: s.enabled,
    catch_up: s.catchUp,
    next_run_at: s.enabled ? (cronOf(s.cron, s.timezone).nextRun(now)?.toISOString() ?? null) : null,
    last_run_at: s.lastOccurrenceAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** GET /windows and /schedules: a page by name. */
export const AutomationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(400).optional(),
});
export type AutomationListQuery = z.input<typeof AutomationListQuerySchema>;

/** The position after a row, opaque to clients: base64url of the JSON [name, id]. */
export const cursorOf = (row: NameCursor): string => Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');

export function parseCursor(cursor: string): NameCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const parsed = z.tuple([z.string(), z.uuid()]).parse(value);
    return { name: parsed[0], id: parsed[1] };
  } catch (cause) {
    throw new AppError('bad_request', errorText('request.invalidCursor'), { cause });
  }
}

/** One page of rows fetched with `limit + 1`. */
export function pageOf<R extends NameCursor, T>(
  rows: R[],
  limit: number,
  dto: (row: R) => T,
): { items: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  return { items: page.map(dto), next_cursor: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}
