import { MAX_PLAN_DAYS, type PlanOccurrence, type ScheduleKind, type SchedulePlan } from '@proxai/contract';
import { parseFacts } from '../hosts/host-facts';
import { listHosts } from '../hosts/hosts.repository';
import { scheduleScopeOf } from '../api-keys/scoped-lists';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { message } from '../../i18n/messages';
import { cronOf, occurrencesBetween, planConflicts, type PlannedRun } from './schedule-logic';
import { scheduleEstimate, windowSpec } from './scheduler';
import { enabledSchedules, selectGuests, windowsByIds } from './schedules.repository';
import type { AutomationContext } from './schedule-checks';
import { minutesLeft } from './window-logic';

/** Most occurrences one plan answers (then `truncated`). */
export const MAX_PLAN_OCCURRENCES = 2000;

const DAY_MS = 24 * 3600_000;

/** Each host's shared storages (from its facts), by host id. */
async function sharedStoragesOf(db: Db, organisationId: string): Promise<Map<string, Set<string>>> {
  const rows = await listHosts(db, organisationId);
  return new Map(
    rows.map((h) => [
      h.id,
      new Set((parseFacts(h.facts)?.storages ?? []).filter((s) => s.shared && s.active).map((s) => s.storage)),
    ]),
  );
}

/**
 * Every occurrence of the organisation's enabled schedules in [from, to): its hosts (the selector against the
 * guests on their host now), estimate, whether its window lets it start, and the I/O-heavy occurrences it overlaps
 * on a host.
 */
export async function planOf(db: Db, ctx: AutomationContext, query: { from: string; to: string }): Promise<SchedulePlan> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw new AppError('bad_request', message(ctx.language, 'plan.rangeOrder'));
  if (to.getTime() - from.getTime() > MAX_PLAN_DAYS * DAY_MS) {
    throw new AppError('bad_request', message(ctx.language, 'plan.rangeTooLong', { count: MAX_PLAN_DAYS }));
  }
  // A scoped API key plans its own schedules (scheduleWithinKey); their conflicts are among those.
  const schedules = await enabledSchedules(db, ctx.organisationId, scheduleScopeOf(ctx.user));
  const windows = new Map(
    (await windowsByIds(db, [...new Set(schedules.flatMap((s) => (s.windowId ? [s.windowId] : [])))])).map((w) => [w.id, w]),
  );
  const all: { run: PlannedRun; windowId: string | null; inWindow: boolean; estimate: number }[] = [];
  for (const s of schedules) {
    const guests = await selectGuests(db, ctx.organisationId, s.selector);
    const hostIds = [...new Set(guests.map((g) => g.hostId))].sort();
    const estimate = await scheduleEstimate(db, s, guests.length);
    const window = s.windowId ? windows.get(s.windowId) : undefined;
    // One more than the cap, to know when the plan is cut.
    for (const at of occurrencesBetween(cronOf(s.cron, s.timezone), from, to, MAX_PLAN_OCCURRENCES + 1)) {
      const left = window ? minutesLeft(windowSpec(window), at) : Infinity;
      all.push({
        run: {
          scheduleId: s.id,
          scheduleName: s.name,
          kind: s.kind as ScheduleKind,
          start: at.getTime(),
          end: at.getTime() + estimate * 60_000,
          hostIds,
        },
        windowId: s.windowId,
        inWindow: left > 0 && estimate <= left,
        estimate,
      });
    }
  }
  all.sort((a, b) => a.run.start - b.run.start || a.run.scheduleName.localeCompare(b.run.scheduleName));
  const kept = all.slice(0, MAX_PLAN_OCCURRENCES);
  const conflicts = planConflicts(
    kept.map((o) => o.run),
    await sharedStoragesOf(db, ctx.organisationId),
  );
  const occurrences = kept.map((o, i): PlanOccurrence => ({
    schedule_id: o.run.scheduleId,
    schedule_name: o.run.scheduleName,
    kind: o.run.kind,
    at: new Date(o.run.start).toISOString(),
    estimated_minutes: o.estimate,
    ends_at: new Date(o.run.end).toISOString(),
    host_ids: [...o.run.hostIds],
    window_id: o.windowId,
    in_window: o.inWindow,
    conflicts: conflicts[i]!,
  }));
  return { from: from.toISOString(), to: to.toISOString(), occurrences, truncated: all.length > MAX_PLAN_OCCURRENCES };
}
