import { periodic, type BackgroundDeps, type BackgroundLoop } from '../../jobs/background';
import { defineJob, type AnyPortalJob } from '../../jobs/job-payloads';
import type { Subscriber } from '../../events/dispatcher';
import { runRetention, runRollup } from './store';

// The metric store's upkeep (ADR 011): the rollups and the retention are pg-boss jobs ('stately' with one key: at
// most one queued and one running across replicas, and each pass takes an advisory lock besides); a timer on every
// replica queues them.

export const METRICS_ROLLUP_JOB = 'metrics-rollup';
export const METRICS_RETENTION_JOB = 'metrics-retention';

/** Staged samples wait at most this long for compaction (charts read the wait from staging meanwhile). */
export const ROLLUP_EVERY_MS = 5 * 60_000;
export const RETENTION_EVERY_MS = 60 * 60_000;
/** The first pass after a start (a restart catches up on what was staged while it was down). */
const FIRST_TICK_MS = 30_000;

export function metricsJobs(deps: BackgroundDeps): AnyPortalJob[] {
  return [
    defineJob({
      name: METRICS_ROLLUP_JOB,
      handler: async () => {
        const started = Date.now();
        const out = await runRollup(deps.db);
        if (out.minutes > 0) deps.log.debug({ ...out, ms: Date.now() - started }, 'metrics rolled up');
      },
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 15 * 60,
      singletonKey: () => 'all',
      policy: 'stately',
    }),
    defineJob({
      name: METRICS_RETENTION_JOB,
      handler: async () => {
        await runRetention(deps.db);
      },
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: 15 * 60,
      singletonKey: () => 'all',
      policy: 'stately',
    }),
  ];
}

export const metricsLoops: BackgroundLoop[] = [
  periodic('metrics-rollup-timer', { periodMs: ROLLUP_EVERY_MS, firstMs: FIRST_TICK_MS }, (_deps, send) =>
    send(METRICS_ROLLUP_JOB, {}),
  ),
  periodic('metrics-retention-timer', { periodMs: RETENTION_EVERY_MS, firstMs: FIRST_TICK_MS }, (_deps, send) =>
    send(METRICS_RETENTION_JOB, {}),
  ),
];

export const metricsSubscribers: Subscriber[] = [];
