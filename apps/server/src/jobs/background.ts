import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { SendJob } from './job-payloads';

/** What a job handler, a background loop or a subscriber of a module gets. */
export interface BackgroundDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
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
