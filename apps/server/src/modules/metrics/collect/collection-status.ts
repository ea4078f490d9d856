import { sql } from 'drizzle-orm';
import type { MetricsCollection } from '@proxai/contract';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { fullCycleMinutes } from './agent-logic';
import { backfillsOf, toStatus } from './backfill-state';

interface Counts {
  host_id: string;
  name: string;
  ok: number;
  not_configured: number;
  not_running: number;
  unknown: number;
  due: number;
  reads: number;
}

/**
 * `GET /api/metrics/collection`: per host, the guest-agent budget and how it is spent (reads in the last 60 s,
 * running VMs by their agent's last answer, minutes for a full round at the budget) and the history backfill.
 */
export async function collectionStatus(
  db: Db,
  config: Pick<Config, 'AGENT_READS_PER_HOST_PER_MINUTE'>,
  organisationId: string,
  now = new Date(),
): Promise<MetricsCollection> {
  const at = now.toISOString();
  const res = await db.execute(sql`
    select h.id as host_id, h.name,
      count(g.id) filter (where a.status = 'ok')::int as ok,
      count(g.id) filter (where a.status = 'not_configured')::int as not_configured,
      count(g.id) filter (where a.status = 'not_running')::int as not_running,
      count(g.id) filter (where a.status is null or a.status = 'error')::int as unknown,
      count(g.id) filter (where a.retry_at is null or a.retry_at <= ${at}::timestamptz)::int as due,
      (select count(*) from metric_agent_guests r
        where r.host_id = h.id and r.last_attempt_at > ${at}::timestamptz - interval '60 seconds'
          and r.last_attempt_at <= ${at}::timestamptz)::int as reads
    from hosts h
    left join guests g on g.host_id = h.id and g.gone_at is null and g.type = 'qemu' and g.state = 'running'
    left join metric_agent_guests a on a.guest_id = g.id
    where h.organisation_id = ${organisationId}::uuid
    group by h.id, h.name
    order by h.name, h.id`);
  const rows = (res as { rows: Counts[] }).rows;
  const backfills = await backfillsOf(db, organisationId);
  const budget = config.AGENT_READS_PER_HOST_PER_MINUTE;
  return {
    hosts: rows.map((r) => {
      const backfill = backfills.get(r.host_id);
      return {
        host_id: r.host_id,
        name: r.name,
        agent_budget_per_minute: budget,
        agent_reads_last_minute: Number(r.reads),
        vms_with_agent: Number(r.ok),
        vms_without_agent: Number(r.not_configured),
        vms_agent_not_running: Number(r.not_running),
        vms_unknown: Number(r.unknown),
        full_cycle_minutes: fullCycleMinutes(Number(r.due), budget),
        backfill: backfill ? toStatus(backfill) : null,
      };
    }),
  };
}
