import type { MaintenanceWindow, PlanOccurrence, Schedule } from '@proxai/contract';

/** A schedule as the API answers it: nightly snapshots of every guest at 02:00 Paris time, unless overridden. */
export function buildSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: crypto.randomUUID(),
    name: 'Nightly snapshots',
    kind: 'snapshot',
    cron: '0 2 * * *',
    timezone: 'Europe/Paris',
    window_id: null,
    selector: { all: true },
    params: { prefix: 'auto', keep_last: 0, keep_hourly: 0, keep_daily: 7, keep_weekly: 4, vmstate: false },
    enabled: true,
    catch_up: false,
    next_run_at: '2026-01-15T01:00:00.000Z',
    last_run_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A maintenance window: weekends from 22:00 for 4 hours, unless overridden. */
export function buildWindow(overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow {
  return {
    id: crypto.randomUUID(),
    name: 'Weekend nights',
    days: ['sat', 'sun'],
    start: '22:00',
    duration_minutes: 240,
    timezone: 'Europe/Paris',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** One occurrence of the planner: 15 minutes in its window, on one host, without conflict, unless overridden. */
export function buildOccurrence(overrides: Partial<PlanOccurrence> = {}): PlanOccurrence {
  const at = overrides.at ?? '2026-01-13T01:00:00.000Z';
  const minutes = overrides.estimated_minutes ?? 15;
  return {
    schedule_id: crypto.randomUUID(),
    schedule_name: 'Nightly snapshots',
    kind: 'snapshot',
    at,
    estimated_minutes: minutes,
    ends_at: new Date(Date.parse(at) + minutes * 60_000).toISOString(),
    host_ids: ['00000000-0000-4000-8000-00000000000a'],
    window_id: null,
    in_window: true,
    conflicts: [],
    ...overrides,
  };
}
