import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { claimJobSlot } from '../../db/job-slots';
import { syncHost, type SyncOutcome } from './host-sync';
import { listAllHosts } from './hosts.repository';
import { connectSettings } from './pve-connection';
import { secretBoxFor } from './secret-box';

/** Advisory lock id of the background sync: with several replicas on one PostgreSQL, one syncs per tick. */
const SYNC_LOCK_KEY = 0x70_76_65_73; // 'pves'
const MAX_PARALLEL = 32;

/** Runs `fn` over `items` with at most `limit` at once. */
async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** One pass over every host of every organisation; each host has its own timeout inside syncHost. */
export async function syncAllHosts(app: FastifyInstance): Promise<SyncOutcome[]> {
  const box = secretBoxFor(app.config, app.log);
  const settings = connectSettings(app.config);
  const hosts = await listAllHosts(app.db);
  return mapBounded(hosts, MAX_PARALLEL, (h) => syncHost(app.db, box, h, settings, app.log));
}

export interface SyncScheduler {
  stop(): Promise<void>;
  /** Runs a pass now; resolves when it ends or is skipped. */
  runOnce(): Promise<void>;
}

/**
 * Background sync at start-up, then every SYNC_INTERVAL_SECONDS; a pass never overlaps the previous one. The
 * start-up pass means a restarted portal shows its hosts' current state at once, not one interval later;
 * like every tick it first claims the interval, so a replica starting beside a running one does not sync
 * the fleet again within the same interval.
 */
export function startSyncScheduler(app: FastifyInstance): SyncScheduler {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      try {
        const started = Date.now();
        const outcomes = await app.database.tryAdvisoryLock(SYNC_LOCK_KEY, () => syncAllHosts(app));
        if (outcomes && outcomes.length > 0) {
          const failed = outcomes.filter((o) => !o.ok);
          app.log.info(
            { hosts: outcomes.length, failed: failed.length, ms: Date.now() - started },
            failed.length ? 'background sync: some hosts are offline' : 'background sync done',
          );
        }
      } catch (err) {
        if (!stopped) app.log.error({ err }, 'background sync failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  // Each tick first claims this interval's run in the database: with several replicas, whichever ticks first
  // syncs and the others skip, so hosts are synced once per interval, not once per replica. The advisory lock
  // inside runOnce still keeps two passes from overlapping.
  const intervalMs = app.config.SYNC_INTERVAL_SECONDS * 1000;
  const replicaId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let claiming: Promise<void> | undefined;
  const tick = () => {
    claiming ??= (async () => {
      try {
        const claimed = await claimJobSlot(app.db, 'host-sync', intervalMs, replicaId);
        if (claimed && !stopped) await runOnce();
      } catch (err) {
        if (!stopped) app.log.error({ err }, 'background sync: could not claim the interval');
      } finally {
        claiming = undefined;
      }
    })();
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await claiming;
      await running;
    },
  };
}
