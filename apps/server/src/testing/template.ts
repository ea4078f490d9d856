import pino from 'pino';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { jobCatalogue } from '../plugins/app/job-catalogue';
import { JOB_PAYLOADS } from '../jobs/job-payloads';
import { startJobRuntime } from '../jobs/job-runtime';
import { testConfig } from './app';

/**
 * Makes the run's template database what a portal's database is after its first start: migrated, with the job
 * queues created (a queue costs a partition table and eight statements; each test app with jobs made all of them
 * on its fresh copy).
 */
export async function prepareTemplate(database: Database): Promise<void> {
  await runMigrations(database);
  const config = testConfig();
  const log = pino({ level: 'silent' });
  const runtime = await startJobRuntime(database, JOB_PAYLOADS, jobCatalogue({ db: database.db, config, log }), log, {
    work: false,
  });
  await runtime.stop();
}
