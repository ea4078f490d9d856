import type { MetricsOverview, StorageForecast, TopGuest } from '@proxai/contract';
import type { Db } from '../../../db/client';
import { querySeries } from '../store';
import { forecastFull } from './forecast';
import { fleetSnapshot, guestValues, memoryFigure } from './fleet-snapshot';

/** How far ahead the overview warns of a storage filling up. */
export const HORIZON_DAYS = 30;
const TOP = 10;

/**
 * The dashboard's fleet overview (ADR 012): the ten guests using most CPU and most memory now (memory as its
 * source gives it: guest agent, balloon or host view), and the storages whose use, drawn as a least-squares line
 * through the last 30 days (5-minute steps), reaches their size within 30 days.
 */
export async function fleetOverview(db: Db, organisationId: string, now = new Date()): Promise<MetricsOverview> {
  const f = await fleetSnapshot(db, organisationId, now);
  const running = f.guests.filter((g) => g.state === 'running');
  const rows: TopGuest[] = running.map((g) => {
    const values = guestValues(f, g.id);
    const mem = memoryFigure(values, f.agent.get(g.id), now);
    return {
      guest_id: g.id,
      host_id: g.hostId,
      vmid: g.vmid,
      name: g.name,
      type: g.type,
      cpu_percent: values?.cpu !== undefined ? Math.round(values.cpu * 1000) / 10 : null,
      mem_bytes: mem.bytes,
      maxmem_bytes: values?.maxmem ?? null,
      memory_source: mem.source,
    };
  });
  const top = (key: 'cpu_percent' | 'mem_bytes') =>
    rows
      .filter((r) => r[key] !== null)
      .sort((a, b) => b[key]! - a[key]! || a.vmid - b.vmid)
      .slice(0, TOP);

  const forecasts: StorageForecast[] = [];
  for (const s of f.storages) {
    const series = await querySeries(db, organisationId, { kind: 'storage', id: s.id }, '30d', 'avg', now);
    const used = series.series.used ?? [];
    const total = s.total ?? series.series.total?.findLast((v) => v !== null) ?? null;
    const fc = forecastFull(series.t, used, total, s.used);
    forecasts.push({
      storage_id: s.id,
      host_id: s.hostId,
      node: s.node,
      name: s.name,
      used_bytes: s.used,
      total_bytes: total,
      growth_bytes_per_day: fc.slopePerDay === null ? null : Math.round(fc.slopePerDay),
      days_until_full: fc.daysUntilFull === null ? null : Math.round(fc.daysUntilFull * 10) / 10,
    });
  }
  const filling = forecasts
    .filter((s) => s.days_until_full !== null && s.days_until_full <= HORIZON_DAYS)
    .sort((a, b) => a.days_until_full! - b.days_until_full!);
  return {
    generated_at: now.toISOString(),
    top_cpu: top('cpu_percent'),
    top_memory: top('mem_bytes'),
    horizon_days: HORIZON_DAYS,
    filling_storages: filling,
  };
}
