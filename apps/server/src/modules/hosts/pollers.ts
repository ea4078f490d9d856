import type { Config } from '../../config/env';
import type { BackgroundDeps } from '../../jobs/background';
import type { Db } from '../../db/client';
import { realClock } from '../../jobs/clock';
import { defineJob, type SendJob } from '../../jobs/job-payloads';
import { clockLoop } from '../../jobs/clock';
import { syncHost, type PollPlan, type SyncOutcome } from './host-sync';
import { claimDueHosts, clusterMembers, findHostById, listAllHosts, releasePoll, type HostRow } from './hosts.repository';
import { pollPbs } from '../pbs/pbs-poll';
import { mapBounded } from '../../kernel/map-bounded';
import { connectSettings } from '../pve/pve-connection';
import { secretBoxFor } from '../pve/secret-box';

/**
 * Host pollers (DESIGN.md §12): one pg-boss job per host and cycle instead of one global sweep. Each replica's
 * dispatcher hands out the hosts whose `next_poll_at` has come (claimDueHosts: one replica per host and cycle,
 * leased so never two polls of one host at once) and queues a `host-poll` job for each. A poll reads
 * `/cluster/resources` (1 request) every cycle, the inventory every 5 minutes and updates hourly; a host that
 * does not answer is tried again after 1, 2, 4… cycles, at most every 5 minutes. At the default 20 s cycle a
 * host costs about 3.6 Proxmox requests a minute (bench/pollers measures it), plus one `rrddata` read a minute per
 * registered node for what its resource entry lacks (metrics/collect/node-minute.ts). A Proxmox Backup Server host is
 * handed out the same way and polled by modules/pbs (its datastores every cycle, version and failed tasks every 5
 * minutes): about 3.4 requests a minute.
 */

export interface PollTiming {
  intervalMs: number;
  inventoryMs: number;
  versionsMs: number;
  maxBackoffMs: number;
}

export const pollTiming = (config: Pick<Config, 'SYNC_INTERVAL_SECONDS'>): PollTiming => ({
  intervalMs: config.SYNC_INTERVAL_SECONDS * 1000,
  inventoryMs: 5 * 60_000,
  versionsMs: 60 * 60_000,
  maxBackoffMs: 5 * 60_000,
});

/** What a poll of `host` at `now` reads besides the fleet state. */
export function duePlan(host: Pick<HostRow, 'inventoryAt' | 'versionsAt'>, now: Date, timing: PollTiming): PollPlan {
  const due = (at: Date | null, every: number) => !at || now.getTime() - at.getTime() >= every;
  return { inventory: due(host.inventoryAt, timing.inventoryMs), versions: due(host.versionsAt, timing.versionsMs) };
}

/** Delay before the next poll of a host that failed `failures` times in a row (1 → one cycle, doubling, capped). */
export function backoffMs(failures: number, timing: PollTiming): number {
  if (failures <= 0) return timing.intervalMs;
  return Math.min(timing.maxBackoffMs, timing.intervalMs * 2 ** (failures - 1));
}

/**
 * A registered node of a cluster whose first registered node (the lead) polled it within the last cycle and a
 * half has nothing to read this cycle: the lead's `/cluster/resources` answer covered its guests.
 */
export async function coveredByLead(db: Db, host: HostRow, now: Date, timing: PollTiming): Promise<boolean> {
  if (!host.clusterName || host.status !== 'online' || !host.lastSyncAt) return false;
  if (now.getTime() - host.lastSyncAt.getTime() > timing.intervalMs * 1.5) return false;
  const members = await clusterMembers(db, host, host.clusterName, host.clusterNodes ?? []);
  const lead = [host, ...members].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))[0];
  return lead?.id !== host.id;
}

type Deps = BackgroundDeps;

/** Polls one host now (the `host-poll` job) and sets when it is next due. */
export async function pollHost(deps: Deps, hostId: string, timing = pollTiming(deps.config)): Promise<void> {
  const clock = deps.clock ?? realClock;
  const host = await findHostById(deps.db, hostId);
  if (!host) return; // deleted since it was queued
  const started = clock.now();
  const plan = duePlan(host, started, timing);
  let failures = 0;
  try {
    if (host.type === 'pbs') {
      // A PBS has no guests: its own light poll (modules/pbs), at the same pace and with the same backoff.
      if (!(await pollPbs(deps, host, { full: plan.inventory })).ok) failures = host.pollFailures + 1;
    } else if (plan.inventory || plan.versions || !(await coveredByLead(deps.db, host, started, timing))) {
      const box = secretBoxFor(deps.config, deps.log);
      const outcome = await syncHost(deps.db, box, host, connectSettings(deps.config), deps.log, undefined, plan, clock);
      if (!outcome.ok) failures = host.pollFailures + 1;
    }
  } finally {
    await releasePoll(deps.db, host.id, started, new Date(started.getTime() + backoffMs(failures, timing)));
  }
}

export const HOST_POLL_JOB = 'host-poll';

export const hostPollJob = (deps: Deps) =>
  defineJob({
    name: HOST_POLL_JOB,
    handler: async ({ host_id }) => pollHost(deps, host_id),
    // A poll that fails is not retried: the host's next cycle (with backoff) is the retry.
    retryLimit: 0,
    retryDelaySeconds: 0,
    expireInSeconds: 120,
    // Up to 32 polls side by side per replica (each waits on its host).
    concurrency: 32,
  });

/**
 * How long a handed-out host is not handed out again: far longer than a poll can last (each is bounded by
 * PVE_TIMEOUT_MS) plus its wait in the queue. If the poll is lost with its replica, the host is due again after it.
 */
export const leaseMs = (timing: PollTiming) => Math.max(2 * timing.intervalMs, 30_000);

/** How many due hosts one dispatch hands out; the rest wait for the next tick (one second later). */
const DISPATCH_BATCH = 200;

/** What a dispatch logs (trace) once over, with its time and how many hosts it handed out: a test follows it. */
export const POLLS_DISPATCHED = 'host polls dispatched';

/**
 * `tickMs` after each dispatch ended, hands the due hosts to the job queue, each leased (claimDueHosts) until its poll
 * ends and sets its next time (releasePoll), or until the lease runs out if its job was lost with its replica. Paced on
 * the clock of the background work, whose time next_poll_at and the leases are in.
 */
export function startPollDispatcher(
  deps: Deps,
  send: SendJob,
  options: { tickMs?: number; timing?: PollTiming } = {},
): { stop(): Promise<void> } {
  const timing = options.timing ?? pollTiming(deps.config);
  const clock = deps.clock ?? realClock;
  let stopped = false;
  const loop = clockLoop(clock, { firstMs: 0, periodMs: options.tickMs ?? 1000 }, async () => {
    try {
      const now = clock.now();
      const hosts = await claimDueHosts(deps.db, now, new Date(now.getTime() + leaseMs(timing)), DISPATCH_BATCH);
      for (const h of hosts) {
        if (stopped) break;
        await send(HOST_POLL_JOB, { host_id: h.id });
      }
      deps.log.trace({ at: now.toISOString(), hosts: hosts.length }, POLLS_DISPATCHED);
    } catch (err) {
      if (!stopped) deps.log.error({ err }, 'host poll dispatch failed');
    }
  });
  return {
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}

/** Reads every host in full now, 32 at a time (each bounded by its own timeout): `npm run … sync`, tests. */
export async function syncAllHosts(deps: Deps): Promise<SyncOutcome[]> {
  const box = secretBoxFor(deps.config, deps.log);
  const settings = connectSettings(deps.config);
  const hosts = await listAllHosts(deps.db);
  return mapBounded(hosts, 32, async (h) => {
    if (h.type === 'pve') return syncHost(deps.db, box, h, settings, deps.log);
    const { ok, error, lastError } = await pollPbs(deps, h, { full: true });
    return { hostId: h.id, ok, added: 0, removed: 0, changed: 0, total: 0, ...(error ? { error, lastError } : {}) };
  });
}
