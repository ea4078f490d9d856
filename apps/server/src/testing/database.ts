import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { TEST_DATABASE_URL } from './env';

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's template, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database copied from the run's template and dropped at the end.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres' = 'pglite'): Promise<Database & { url?: string }> {
  if (kind === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const name = `proxai_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    // A copy of the run's migrated template (global-setup.ts); a file run outside it migrates its own.
    const template = inject('postgresTemplate');
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    if (!template) await runMigrations(database);
    const close = () => database.close();
    let dropped: Promise<void> | undefined;
    const drop = async () => {
      await close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
    return { ...database, url: url.toString(), close: () => (dropped ??= drop()) };
  }
  return openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate() });
}

/** The run's PGlite template, read once per worker (its files run in one module graph). */
let templateBlob: { path: string; blob: Blob } | undefined;
function pgliteTemplate(): Blob {
  const file = inject('pgliteTemplate');
  if (templateBlob?.path !== file) templateBlob = { path: file, blob: new Blob([fs.readFileSync(file)]) };
  return templateBlob.blob;
}

/** The database kinds the integration tests run on: PGlite always, PostgreSQL too when configured. */
export const TEST_DATABASE_KINDS: ('pglite' | 'postgres')[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
