import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig, type Config } from '../config/env';
import type { Database } from '../db/client';
import { loggerOptions } from '../logger';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every log line the app wrote, as parsed JSON objects (for secret-leak checks). */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, with logs captured in memory. `env` overrides configuration
 * (e.g. `{ SMTP_URL: … }`); rate limits stay on unless a test turns them off.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: 'pglite' | 'postgres';
    reuseDatabase?: Database;
    extraRoutes?: (api: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const config = parseConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/tmp/proxai-test-data', PROXAI_DEMO: '0', ...options.env },
    '0.0.0-test',
  );
  const database = options.reuseDatabase ?? (await openTestDatabase(options.database));
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      cb();
    },
  });
  const logger = pino(loggerOptions(config), sink);
  const app = await buildApp({ config, database, loggerInstance: logger, extraRoutes: options.extraRoutes });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      if (!options.reuseDatabase) await database.close();
    },
  };
}
