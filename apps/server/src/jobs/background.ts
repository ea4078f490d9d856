import type { Config } from '../config/env';
import { clockLoop, realClock, type Clock } from './clock';
import type { SendJob } from './job-payloads';
import type { ServiceDeps } from '../kernel/deps';

/** What a job handler, a background loop or a subscriber of a module gets. */
export interface BackgroundDeps extends ServiceDeps {
  /** The time of background work (default the real one; a test may bring its own, createTestApp({ clock })). */
  clock?: Clock;
}

export type { SendJob } from './job-payloads';

/**
 * A periodic part of a module (the alert evaluator, the digest of quiet hours, the metrics rollups' timer):
 * started with the job runtime on every replica, stopped before it. Work that must run once across replicas
 * goes through a job with a singleton key, not through the loop itself.
 */
export interface BackgroundLoop {
  name: string;
  start(deps: BackgroundDeps, send: SendJob): { stop(): Promise<void> };
}

/** A periodic task's pace: `periodMs` after each run ended, the first run `firstMs` after the start (default: a period). */
export interface Period {
  periodMs: number;
  firstMs?: number;
}

/**
 * A periodic task, its period said here once: `run` on the background work's clock (a test's clock moves it), never
 * two runs at once; a failure is logged with the task's name, and stop() ends the pause and waits for the run under
 * way. `period` may read the configuration (ALERT_EVALUATION_SECONDS…).
 */
export function periodic(
  name: string,
  period: Period | ((config: Config) => Period),
  run: (deps: BackgroundDeps, send: SendJob) => Promise<unknown>,
): BackgroundLoop {
  return {
    name,
    start(deps, send) {
      const { periodMs, firstMs = periodMs } = typeof period === 'function' ? period(deps.config) : period;
      return clockLoop(deps.clock ?? realClock, { firstMs, periodMs }, async () => {
        try {
          await run(deps, send);
        } catch (err) {
          deps.log.warn({ err, task: name }, 'a periodic task failed');
        }
      });
    },
  };
}
