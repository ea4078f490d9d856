import { and, eq, isNull } from 'drizzle-orm';
import type { MemorySource } from '@proxai/contract';
import type { Db } from '../../../db/client';
import { guests, hosts, metricAgentGuests, storages } from '../../../db/schema';
import { latestValues, subjectKey, type MetricName } from '../store';

// The organisation's fleet as it is now, for the Prometheus exposition and the overview: rows plus newest samples.

/** A mem_agent figure younger than this makes the guest agent the memory source (as the chart API says). */
export const AGENT_FRESH_MS = 30 * 60_000;

type Values = Partial<Record<MetricName, number>>;

/**
 * A guest's memory in use and where it comes from: the guest agent's MemTotal − MemAvailable when read in the
 * last 30 minutes (page cache not counted); else PVE's `mem`, labelled 'balloon' when PVE 9 also gave `memhost`
 * (then `mem` is what the balloon driver reports), else 'host'.
 */
export function memoryFigure(
  values: Values | undefined,
  agent: { memAgent: number | null; lastReadAt: Date | null } | undefined,
  now: Date,
): { bytes: number | null; source: MemorySource } {
  if (agent?.memAgent != null && agent.lastReadAt && now.getTime() - agent.lastReadAt.getTime() <= AGENT_FRESH_MS)
    return { bytes: agent.memAgent, source: 'guest_agent' };
  const mem = values?.mem ?? null;
  return { bytes: mem, source: values?.memhost !== undefined ? 'balloon' : 'host' };
}

export interface FleetSnapshot {
  hosts: (typeof hosts.$inferSelect)[];
  guests: (typeof guests.$inferSelect)[];
  storages: (typeof storages.$inferSelect)[];
  latest: Map<string, { at: Date; values: Values }>;
  agent: Map<string, { memAgent: number | null; lastReadAt: Date | null }>;
  now: Date;
}

export async function fleetSnapshot(db: Db, organisationId: string, now = new Date()): Promise<FleetSnapshot> {
  const [hs, gs, ss, latest, agentRows] = await Promise.all([
    db
      .select()
      .from(hosts)
      .where(and(eq(hosts.organisationId, organisationId), eq(hosts.type, 'pve')))
      .orderBy(hosts.name),
    db
      .select()
      .from(guests)
      .where(and(eq(guests.organisationId, organisationId), isNull(guests.goneAt)))
      .orderBy(guests.vmid),
    db.select().from(storages).where(eq(storages.organisationId, organisationId)).orderBy(storages.node, storages.name),
    latestValues(db, organisationId, 120, now),
    db
      .select({
        guestId: metricAgentGuests.guestId,
        memAgent: metricAgentGuests.memAgent,
        lastReadAt: metricAgentGuests.lastReadAt,
      })
      .from(metricAgentGuests)
      .where(eq(metricAgentGuests.organisationId, organisationId)),
  ]);
  return {
    hosts: hs,
    guests: gs,
    storages: ss,
    latest,
    agent: new Map(agentRows.map((r) => [r.guestId, r])),
    now,
  };
}

export const guestValues = (f: FleetSnapshot, guestId: string) =>
  f.latest.get(subjectKey({ kind: 'guest', id: guestId }))?.values;
export const nodeValues = (f: FleetSnapshot, hostId: string) => f.latest.get(subjectKey({ kind: 'node', id: hostId }))?.values;
