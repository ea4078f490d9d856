import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { isPveError } from '@proxai/pve-client';
import type { BackgroundDeps, BackgroundLoop } from '../../../jobs/background';
import { defineJob } from '../../../jobs/job-payloads';
import { guests, metricAgentGuests } from '../../../db/schema';
import { findHostById } from '../../hosts/hosts.repository';
import { pooledClient } from '../../pve/client-pool';
import { connectSettings, targetOf } from '../../pve/pve-connection';
import { secretBoxFor } from '../../pve/secret-box';
import { writeSamples } from '../store';
import { parseMeminfo, readSlots, readSpacingMs, refusalOf, retryDelayMs, type AgentOutcome } from './agent-logic';
import { clockLoop, realClock } from '../../../jobs/clock';

/**
 * VM memory without page cache (ADR 012): MemTotal − MemAvailable from `agent/file-read?file=/proc/meminfo`,
 * on a budget of AGENT_READS_PER_HOST_PER_MINUTE reads per host, spread evenly over the minute, least recently
 * read VM first (every VM of a 500-VM host within 25 minutes at 20). A VM whose agent is not configured or not
 * running is tried again after 30 minutes, doubling to 6 hours, so it does not spend the budget.
 *
 * Across replicas: a host's minute is claimed by moving metric_agent_hosts.next_at a minute on in one statement
 * (rows locked, SKIP LOCKED), so whichever replica claims it, a host gets one minute of reads per minute.
 */

export const AGENT_READ_JOB = 'metrics-agent-reads';
const MINUTE = 60_000;

/** Adds the hosts that have none to the read rota, due at `now` (the claim compares next_at with the same clock). */
export async function enrolHosts(db: BackgroundDeps['db'], now: Date): Promise<void> {
  await db.execute(sql`
    insert into metric_agent_hosts (host_id, next_at) select id, ${now.toISOString()}::timestamptz from hosts
    on conflict (host_id) do nothing`);
}

/** The online hosts whose next minute of reads has come, each moved a minute on (claimed). */
export async function claimAgentHosts(db: BackgroundDeps['db'], now: Date, limit = 100): Promise<string[]> {
  const next = new Date(now.getTime() + MINUTE).toISOString();
  const res = await db.execute(sql`
    update metric_agent_hosts set next_at = ${next}::timestamptz
    where host_id in (
      select a.host_id from metric_agent_hosts a join hosts h on h.id = a.host_id
      where a.next_at <= ${now.toISOString()}::timestamptz and h.status = 'online'
      order by a.next_at limit ${limit}
      for update of a skip locked)
    returning host_id`);
  return (res as { rows: { host_id: string }[] }).rows.map((r) => r.host_id);
}

interface Pick {
  guestId: string;
  node: string;
  vmid: number;
  failures: number;
  status: AgentOutcome | null;
}

/** The running VMs of the host due for a read (not backing off), least recently tried first. */
async function dueVms(db: BackgroundDeps['db'], hostId: string, now: Date, limit: number): Promise<Pick[]> {
  return db
    .select({
      guestId: guests.id,
      node: guests.node,
      vmid: guests.vmid,
      failures: sql<number>`coalesce(${metricAgentGuests.failures}, 0)`.mapWith(Number),
      status: metricAgentGuests.status,
    })
    .from(guests)
    .leftJoin(metricAgentGuests, eq(metricAgentGuests.guestId, guests.id))
    .where(
      and(
        eq(guests.hostId, hostId),
        isNull(guests.goneAt),
        eq(guests.type, 'qemu'),
        eq(guests.state, 'running'),
        sql`(${metricAgentGuests.retryAt} is null or ${metricAgentGuests.retryAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(sql`${metricAgentGuests.lastAttemptAt} asc nulls first`, asc(guests.vmid))
    .limit(limit);
}

async function record(
  db: BackgroundDeps['db'],
  ids: { guestId: string; hostId: string; organisationId: string },
  now: Date,
  outcome: AgentOutcome,
  failures: number,
  extra: { memAgent?: number; memTotal?: number; error?: string } = {},
): Promise<void> {
  const ok = outcome === 'ok';
  const values = {
    ...ids,
    status: outcome,
    failures,
    lastAttemptAt: now,
    retryAt: ok ? null : new Date(now.getTime() + retryDelayMs(outcome, failures)),
    lastError: extra.error ?? null,
    ...(ok ? { lastReadAt: now, memAgent: extra.memAgent ?? null, memTotal: extra.memTotal ?? null } : {}),
  };
  const { guestId: _g, ...update } = values;
  await db.insert(metricAgentGuests).values(values).onConflictDoUpdate({ target: metricAgentGuests.guestId, set: update });
}

export interface AgentOptions {
  budget?: number;
}

/**
 * One claimed minute of reads of one host, [until − 60 s, until): up to `budget` VMs, 60/budget seconds apart
 * (a job that starts late reads fewer, never faster), none after the minute ends.
 * As the next minute starts no sooner than this one ends, any 60 seconds hold at most `budget` reads.
 * A failure of the host as a whole (unreachable, timeout) ends the minute without marking the VMs.
 */
export async function runAgentMinute(
  deps: BackgroundDeps,
  hostId: string,
  until: Date,
  options: AgentOptions = {},
): Promise<number> {
  const clock = deps.clock ?? realClock;
  const budget = options.budget ?? deps.config.AGENT_READS_PER_HOST_PER_MINUTE;
  const host = await findHostById(deps.db, hostId);
  if (!host || host.status !== 'online' || budget <= 0) return 0;
  const from = until.getTime() - MINUTE;
  const start = clock.now();
  const picks = await dueVms(deps.db, hostId, start, budget);
  if (picks.length === 0) return 0;
  const settings = connectSettings(deps.config);
  const client = pooledClient(host, () => targetOf(host, secretBoxFor(deps.config, deps.log)), settings);
  const samples: { subject: { kind: 'guest'; id: string }; values: { mem_agent: number } }[] = [];
  let reads = 0;
  let lastAt = start;
  const planned = readSlots(budget, start.getTime() - from, picks.length).length;
  const spacing = readSpacingMs(budget);
  let next = Math.max(from, start.getTime());
  for (const pick of picks.slice(0, planned)) {
    // Spaced from the previous read's actual start: a slow answer delays the next read, never bunches them.
    if (next >= until.getTime()) break;
    const wait = next - clock.now().getTime();
    if (wait > 0) await clock.sleep(wait);
    const now = clock.now();
    if (now.getTime() >= until.getTime()) break; // a timer that fired late: the minute is over
    next = now.getTime() + spacing;
    const ids = { guestId: pick.guestId, hostId, organisationId: host.organisationId };
    reads++;
    try {
      const { content } = await client.agentFileRead(pick.node, pick.vmid, '/proc/meminfo', {
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const mem = parseMeminfo(content);
      if (!mem) {
        await record(deps.db, ids, now, 'error', pick.failures + 1, { error: 'The guest agent answered without MemTotal' });
        continue;
      }
      const memAgent = mem.total - mem.available;
      samples.push({ subject: { kind: 'guest', id: pick.guestId }, values: { mem_agent: memAgent } });
      lastAt = now;
      await record(deps.db, ids, now, 'ok', 0, { memAgent, memTotal: mem.total });
    } catch (err) {
      if (!isPveError(err) || ['unreachable', 'timeout', 'auth-failed', 'tls-fingerprint-mismatch'].includes(err.kind)) {
        deps.log.warn({ err, hostId }, 'guest-agent reads stopped for this minute');
        break;
      }
      const outcome = refusalOf(err);
      // A refusal of a different kind than the last starts its backoff over.
      const failures = pick.status === outcome ? pick.failures + 1 : 1;
      await record(deps.db, ids, now, outcome, failures, { error: (err.serverMessage ?? err.message).trim().slice(0, 300) });
    }
  }
  if (samples.length > 0) await writeSamples(deps.db, { organisationId: host.organisationId, at: lastAt, samples });
  return reads;
}

export const agentReadJob = (deps: BackgroundDeps) =>
  defineJob({
    name: AGENT_READ_JOB,
    handler: async ({ host_id, until }) => {
      await runAgentMinute(deps, host_id, new Date(until));
    },
    // A lost minute is not made up: the next one is claimed a minute later anyway.
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 180,
    singletonKey: ({ host_id }) => `agent:${host_id}`,
    // Each run mostly sleeps between reads: many hosts' minutes run side by side.
    concurrency: 256,
  });

/**
 * Every second of the background work's clock, on every replica: claims the hosts whose minute of reads has come and
 * queues it.
 */
export const agentDispatchLoop: BackgroundLoop = {
  name: 'metrics-agent-dispatch',
  start(deps, send) {
    const clock = deps.clock ?? realClock;
    let enrolledAt = -Infinity;
    return clockLoop(clock, { firstMs: 1000, periodMs: 1000 }, async () => {
      if (deps.config.AGENT_READS_PER_HOST_PER_MINUTE <= 0) return;
      try {
        const now = clock.now();
        if (now.getTime() - enrolledAt > 30_000) {
          await enrolHosts(deps.db, now);
          enrolledAt = now.getTime();
        }
        const until = new Date(now.getTime() + MINUTE).toISOString();
        for (const hostId of await claimAgentHosts(deps.db, now)) await send(AGENT_READ_JOB, { host_id: hostId, until });
      } catch (err) {
        deps.log.error({ err }, 'guest-agent read dispatch failed');
      }
    });
  },
};
