import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './config/env';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { loggerOptions } from './logger';
import { bootstrapAdmin } from './modules/auth/admin-bootstrap';
import { startDemo } from './modules/demo/demo';
import { secretBoxFor } from './modules/pve/secret-box';
import { secretKeyRefusal } from './modules/hosts/secret-check';
import { readVersion } from './version';

/** After the job handlers' grace period (SHUTDOWN_GRACE_MS), what the rest of the shutdown may take before exit(1). */
const SHUTDOWN_MARGIN_MS = 4_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit(readVersion());
  const logger = pino(loggerOptions(config));
  fs.mkdirSync(config.dataDir, { recursive: true });

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite') });
  logger.info({ database: database.kind, dataDir: config.dataDir }, 'database opened');
  await runMigrations(database);
  logger.info('migrations applied');

  // The app closes the database last, after its jobs and loops (plugins/app/db.ts).
  const app = await buildApp({ config, database, loggerInstance: logger, ownsDatabase: true });
  // The host-credential key is created (or checked) now, with its log line, not at the first host added.
  const box = secretBoxFor(config, app.log);
  // A key that cannot open what another replica sealed here refuses to start, in one line, before any job runs.
  const refusal = await secretKeyRefusal(database.db, box, config, app.log);
  if (refusal) {
    process.stderr.write(`fatal: ${refusal}\n`);
    await database.close();
    process.exit(1);
  }
  await bootstrapAdmin(app);
  const stopDemo = config.demo ? await startDemo(app) : undefined;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + SHUTDOWN_MARGIN_MS);
    force.unref();
    void (async () => {
      try {
        await app.close();
        await stopDemo?.();
        logger.info('bye');
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      }
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`ProxAI ${config.version} listening on http://localhost:${config.PORT}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
