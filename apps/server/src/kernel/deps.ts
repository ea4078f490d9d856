import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from '../db/client';

/** What a service works with: the database, the configuration and the log (a route passes the app's). */
export interface ServiceDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}
