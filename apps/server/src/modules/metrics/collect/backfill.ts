import { and, asc, eq, isNull } from 'drizzle-orm';
import { isPveError, type PveClient, type RrdCf, type RrdTimeframe } from '@proxai/pve-client';
import type { BackgroundDeps, BackgroundLoop } from '../../../jobs/background';
import { defineJob } from '../../../jobs/job-payloads';
import { guests, storages } from '../../../db/schema';
import { findHostById, type HostRow } from '../../hosts/hosts.repository';
import { pooledClient } from '../../pve/client-pool';
import { connectSettings, targetOf } from '../../pve/pve-connection';
import { secretBoxFor } from '../../pve/secret-box';
import { subjectKey, writeHistory, type Subject } from '../store';
import { claimBackfills, enrolExistingHosts, failStale, finishHeld, heldBackfill, updateHeld } from './backfill-state';
import { joinTimeframe, stepOf, toTiers, type SourceRow } from './rrd-history';
import { clockLoop, realClock } from '../../../jobs/clock';
import { rateLimiter } from './clock';

/**
 * History backfill (ADR 012): when a host is added, its node's, guests' and storages' rrddata (AVERAGE and MAX of
 * each timeframe) go into the store's tiers, so charts show the weeks before ProxAI knew the host. One job per
 * host, at most METRICS_BACKFILL_REQUESTS_PER_SECOND requests to it (by default 2: a 500-guest host is read over
 * ~25 minutes, not hammered), resumable after a restart (done subjects are recorded), and always ending done or
 * failed with a reason: never "Collecting history" forever, as Pulse users see (rcourtman/Pulse#1717).
 */

export const BACKFILL_JOB = 'metrics-backfill';
/** Failures of the host as a whole (unreachable, credentials refused) before the backfill gives up. */
const MAX_ATTEMPTS = 6;

interface BackfillSubject {
  subject: Subject;
  read: (client: PveClient, tf: RrdTimeframe, cf: RrdCf, signal: AbortSignal) => Promise<readonly object[]>;
}

/** What a host's backfill reads: its node, then its storages, then its guests (by vmid), a stable order. */
export async function subjectsOf(deps: Pick<BackgroundDeps, 'db'>, host: HostRow): Promise<BackfillSubject[]> {
  const stores = await deps.db
    .select()
    .from(storages)
    .where(eq(storages.hostId, host.id))
    .orderBy(asc(storages.node), asc(storages.name));
  const gs = await deps.db
    .select()
    .from(guests)
    .where(and(eq(guests.hostId, host.id), isNull(guests.goneAt)))
    .orderBy(asc(guests.vmid));
  return [
    {
      subject: { kind: 'node', id: host.id },
      read: (c, tf, cf, signal) => c.nodeRrd(host.pveNode, tf, cf, { signal }),
    },
    ...stores.map((s): BackfillSubject => ({
      subject: { kind: 'storage', id: s.id },
      read: (c, tf, cf, signal) => c.storageRrd(s.node, s.name, tf, cf, { signal }),
    })),
    ...gs.map((g): BackfillSubject => ({
      subject: { kind: 'guest', id: g.id },
      read: (c, tf, cf, signal) => c.guestRrd(g.node, g.type, g.vmid, tf, cf, { signal }),
    })),
  ];
}

/**
 * Reads the timeframes of one subject, AVERAGE and MAX each. `day` first: when its step is already 1 minute (PVE 9)
 * `hour` adds nothing; `month` next: when its step is 30 minutes (PVE 9) `week` adds nothing. PVE 8: 10 requests,
 * PVE 9: 6.
 */
export async function readTimeframes(
  read: (tf: RrdTimeframe, cf: RrdCf) => Promise<readonly object[]>,
  kind: Subject['kind'],
): Promise<SourceRow[][]> {
  const pair = async (tf: RrdTimeframe, fallback: number) => {
    const avg = await read(tf, 'AVERAGE');
    const max = await read(tf, 'MAX');
    const step = stepOf(avg) ?? stepOf(max) ?? fallback;
    return { step, rows: joinTimeframe(kind, avg, max, step) };
  };
  const day = await pair('day', 1800);
  const out = [day.rows];
  if (day.step > 60) out.push((await pair('hour', 60)).rows);
  const month = await pair('month', 43_200);
  out.push(month.rows);
  if (month.step > 1800) out.push((await pair('week', 10_800)).rows);
  out.push((await pair('year', 604_800)).rows);
  return out;
}

/** An error that concerns the whole host (it stops the pass and is retried), not one subject (skipped). */
const hostWide = (err: unknown) =>
  !isPveError(err) ||
  ['unreachable', 'timeout', 'auth-failed', 'tls-fingerprint-mismatch', 'tls-untrusted', 'address-refused'].includes(err.kind);

/** Runs (or resumes) the backfill of `hostId` while `owner` holds its lease. */
export async function runBackfill(deps: BackgroundDeps, hostId: string, owner: string): Promise<void> {
  const clock = deps.clock ?? realClock;
  const row = await heldBackfill(deps.db, hostId, owner);
  const host = await findHostById(deps.db, hostId);
  if (!row || !host || row.state === 'done' || row.state === 'failed') return;
  const subjects = await subjectsOf(deps, host);
  const done = new Set(row.doneKeys);
  const held = await updateHeld(deps.db, hostId, owner, clock.now(), {
    state: 'running',
    total: subjects.length,
    ...(row.startedAt ? {} : { startedAt: clock.now() }),
  });
  if (!held) return;
  const settings = connectSettings(deps.config);
  const box = secretBoxFor(deps.config, deps.log);
  const client = pooledClient(host, () => targetOf(host, box), settings);
  const limiter = rateLimiter(deps.config.METRICS_BACKFILL_REQUESTS_PER_SECOND, clock);
  const skipped: string[] = [];
  for (const item of subjects) {
    const key = subjectKey(item.subject);
    if (done.has(key)) continue;
    try {
      const sources = await readTimeframes(async (tf, cf) => {
        await limiter();
        return item.read(client, tf, cf, AbortSignal.timeout(settings.timeoutMs));
      }, item.subject.kind);
      const now = Math.floor(clock.now().getTime() / 1000);
      for (const [tier, rows] of toTiers(sources, now))
        await writeHistory(deps.db, host.organisationId, item.subject, tier, rows);
    } catch (err) {
      if (hostWide(err)) {
        const attempts = row.attempts + 1;
        const reason = `Reading history from the host failed: ${err instanceof Error ? err.message : String(err)}`;
        if (attempts >= MAX_ATTEMPTS) await finishHeld(deps.db, hostId, owner, clock.now(), { state: 'failed', error: reason });
        else {
          const retryAt = new Date(clock.now().getTime() + 60_000 * 2 ** attempts);
          await finishHeld(deps.db, hostId, owner, clock.now(), { retryAt, error: reason });
        }
        deps.log.warn({ err, hostId, attempts }, 'metrics backfill interrupted');
        return;
      }
      // The guest left, or this one rrddata is refused: the others are still worth reading.
      skipped.push(`${key}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!(await updateHeld(deps.db, hostId, owner, clock.now(), { doneKey: key }))) return; // lease lost
  }
  await finishHeld(deps.db, hostId, owner, clock.now(), {
    state: 'done',
    error: skipped.length ? `${skipped.length} could not be read (${skipped.slice(0, 3).join('; ')})` : null,
  });
}

export const backfillJob = (deps: BackgroundDeps) =>
  defineJob({
    name: BACKFILL_JOB,
    handler: async ({ host_id, owner }) => runBackfill(deps, host_id, owner),
    // Not retried by pg-boss: a lost or failed run's lease lapses and the dispatch loop hands the host out again.
    retryLimit: 0,
    retryDelaySeconds: 0,
    // 500 guests × 6–10 requests at 2 a second: well under the 4 hours allowed.
    expireInSeconds: 4 * 3600,
    singletonKey: ({ host_id }) => `backfill:${host_id}`,
    // Each run waits on its host (2 requests a second), not on this process: with 4 at once, ten new hosts of 50
    // guests took 12 minutes in bench/soak. Sixteen hosts at once (32 requests a second across them).
    concurrency: 16,
  });

/**
 * Every 5 seconds of the background work's clock, on every replica: hands out the backfills that may run now (each
 * leased, so once).
 */
export const backfillDispatchLoop: BackgroundLoop = {
  name: 'metrics-backfill-dispatch',
  start(deps, send) {
    const clock = deps.clock ?? realClock;
    let enrolled = false;
    return clockLoop(clock, { firstMs: 500, periodMs: 5000 }, async () => {
      try {
        const now = clock.now();
        if (!enrolled) {
          await enrolExistingHosts(deps.db);
          enrolled = true;
        }
        await failStale(deps.db, now);
        for (const c of await claimBackfills(deps.db, now)) await send(BACKFILL_JOB, { host_id: c.hostId, owner: c.owner });
      } catch (err) {
        deps.log.error({ err }, 'metrics backfill dispatch failed');
      }
    });
  },
};
