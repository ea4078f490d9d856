import type { z } from 'zod';
import type { Language, ScheduleKind, Selector } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { message } from '../../i18n/messages';
import { estimateMinutes, isKnownTimeZone, parseCron } from './schedule-logic';
import { selectGuests, unknownGuestIds, unknownHostIds, type ScheduleRow, type WindowRow } from './schedules.repository';
import { scheduleEstimate } from './scheduler';
import type { AnsweredContext } from '../../kernel/request-context';

/** What the contract's schemas cannot check of a window or a schedule: each refusal is a 400 saying what is wrong. */

/** A request to the automation routes: always with the language its answers are written in. */
export type AutomationContext = AnsweredContext;

const refuse = (detail: string) => new AppError('bad_request', detail);

export function checkTimeZone(language: Language, timezone: string): void {
  if (!isKnownTimeZone(timezone)) throw refuse(message(language, 'automation.timezoneUnknown'));
}

export function checkCron(language: Language, cron: string, timezone: string): void {
  const parsed = parseCron(cron, timezone);
  if (parsed.ok) return;
  if (parsed.problem === 'fields') throw refuse(message(language, 'schedule.cronFields', { cron }));
  if (parsed.problem === 'never') throw refuse(message(language, 'schedule.cronNever', { cron }));
  throw refuse(message(language, 'schedule.cronInvalid', { cron, reason: parsed.reason ?? 'invalid' }));
}

/** A PATCH whose merged result the input schema refuses. */
export function invalidAfterPatch(language: Language, error: z.ZodError): AppError {
  const issue = error.issues[0];
  const problem = issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'invalid';
  return refuse(message(language, 'automation.invalidAfterPatch', { problem }));
}

const MAX_IDS_NAMED = 5;
const named = (ids: string[]) => ids.slice(0, MAX_IDS_NAMED).join(', ') + (ids.length > MAX_IDS_NAMED ? ', …' : '');

/** Hosts and guests a selector names by id must be the organisation's (guests: still on their host). */
export async function checkSelectorIds(db: Db, language: Language, organisationId: string, selector: Selector): Promise<void> {
  const hosts = await unknownHostIds(db, organisationId, selector.host_ids ?? []);
  if (hosts.length > 0) throw refuse(message(language, 'schedule.hostsUnknown', { count: hosts.length, ids: named(hosts) }));
  const guests = await unknownGuestIds(db, organisationId, selector.guest_ids ?? []);
  if (guests.length > 0) throw refuse(message(language, 'schedule.guestsUnknown', { count: guests.length, ids: named(guests) }));
}

/** A schedule's estimate now: from its history when it has one, else its kind's default for the guests it selects. */
export async function currentEstimate(
  db: Db,
  organisationId: string,
  schedule: { id?: string; kind: ScheduleKind; selector: Selector },
): Promise<number> {
  const guests = (await selectGuests(db, organisationId, schedule.selector)).length;
  return schedule.id
    ? scheduleEstimate(db, { id: schedule.id, kind: schedule.kind }, guests)
    : estimateMinutes(schedule.kind, guests, []);
}

/** A schedule in a window must fit in it: "the window lasts 30 minutes, the job needs about 45". */
export async function checkFitsWindow(
  db: Db,
  language: Language,
  organisationId: string,
  schedule: { id?: string; kind: ScheduleKind; selector: Selector },
  window: WindowRow,
): Promise<void> {
  const needed = await currentEstimate(db, organisationId, schedule);
  if (needed > window.durationMinutes) {
    throw refuse(message(language, 'schedule.windowTooShort', { window: window.name, count: window.durationMinutes, needed }));
  }
}

/** A window made shorter must still fit every schedule in it. */
export async function checkWindowFitsSchedules(
  db: Db,
  language: Language,
  durationMinutes: number,
  users: ScheduleRow[],
): Promise<void> {
  for (const s of users) {
    const needed = await currentEstimate(db, s.organisationId, {
      id: s.id,
      kind: s.kind as ScheduleKind,
      selector: s.selector,
    });
    if (needed > durationMinutes) {
      throw refuse(message(language, 'window.tooShortFor', { schedule: s.name, count: durationMinutes, needed }));
    }
  }
}
