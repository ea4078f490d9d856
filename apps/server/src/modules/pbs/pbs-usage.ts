import type { PbsHostSummary } from '@proxai/contract';
import type { PbsDatastoreUsage, PbsTaskListItem } from '@proxai/pve-client';
import type { PbsDatastoreUsageRow } from '../../db/schema';
import { forecastFull } from '../metrics/collect/forecast';
import type { PbsStateRow } from './pbs.repository';

// What a PBS's answers mean for the portal: datastore fill forecasts and failed tasks. Pure.

const DAY_MS = 86_400_000;
/** PBS's own estimate is taken only when it is a real date this side of ten years (it answers 0 or -1 otherwise). */
const MAX_ESTIMATE_MS = 3650 * DAY_MS;

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * When the datastore fills up at the pace of its last 30 days: a least-squares line through the daily usage PBS
 * keeps (`history`, fractions of `total` from `history-start` every `history-delta` seconds, null at gaps), the
 * same fit as the storages' forecast (ADR 012). With too little history, PBS's own `estimated-full-date`.
 */
export function datastoreForecast(u: PbsDatastoreUsage, now: Date): string | null {
  const { total, used } = u;
  if (!finite(total) || total <= 0) return null;
  const start = u['history-start'];
  const delta = u['history-delta'];
  if (u.history && finite(start) && finite(delta) && delta > 0) {
    const t = u.history.map((_, i) => start + i * delta);
    const bytes = u.history.map((f) => (finite(f) ? f * total : null));
    const fit = forecastFull(t, bytes, total, finite(used) ? used : null);
    if (fit.slopePerDay !== null) {
      return fit.daysUntilFull === null ? null : new Date(now.getTime() + fit.daysUntilFull * DAY_MS).toISOString();
    }
  }
  const estimate = u['estimated-full-date'];
  if (!finite(estimate)) return null;
  const at = estimate * 1000;
  return at > now.getTime() && at - now.getTime() <= MAX_ESTIMATE_MS ? new Date(at).toISOString() : null;
}

/** One datastore of `GET /status/datastore-usage` as the portal keeps it. */
export function usageRow(u: PbsDatastoreUsage, now: Date): PbsDatastoreUsageRow {
  if (u.error !== undefined || !finite(u.total)) {
    return { name: u.store, total: null, used: null, avail: null, forecastFullAt: null, error: u.error ?? null };
  }
  return {
    name: u.store,
    total: u.total,
    used: finite(u.used) ? u.used : null,
    avail: finite(u.avail) ? u.avail : null,
    forecastFullAt: datastoreForecast(u, now),
    error: null,
  };
}

/** A task that ended in an error: not running, and neither `OK` nor `WARNINGS: n` (which finished its work). */
export function isFailedTask(t: Pick<PbsTaskListItem, 'status' | 'endtime'>): boolean {
  if (t.status === undefined || t.status === '') return false;
  return t.status !== 'OK' && !t.status.startsWith('WARNINGS');
}

/** A PBS host's last poll as the host list answers it (the dashboard's PBS card); null before its first poll. */
export function pbsSummary(state: PbsStateRow | undefined): PbsHostSummary | null {
  if (!state) return null;
  return {
    datastores: state.datastores.map((d) => ({
      name: d.name,
      total: d.total,
      used: d.used,
      avail: d.avail,
      forecast_full_at: d.forecastFullAt,
      error: d.error,
    })),
    failed_tasks_24h: state.failedTasks,
    read_at: state.readAt.toISOString(),
  };
}
