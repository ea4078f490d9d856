import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { TEST_DATABASE_URL } from './env';
import { findLeaks } from './secrets';
import { prepareTemplate } from './template';

/** Runs one statement on TEST_DATABASE_URL's database (creating and dropping databases). */
async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * With TEST_DATABASE_URL, one migrated PostgreSQL database per run that each test file's database is created from
 * (`create database … template`): a copy costs a few hundred milliseconds, the migrations and pg-boss's schema
 * seconds. Nobody connects to it after this, as PostgreSQL requires of a template.
 */
async function postgresTemplate(): Promise<{ name: string; drop(): Promise<void> } | undefined> {
  if (!TEST_DATABASE_URL) return undefined;
  const name = `proxai_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await prepareTemplate(database);
  } finally {
    await database.close();
  }
  return { name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * The same template as a PGlite data directory on disk, which a server process started on a new DATA_DIR gets a copy
 * of (testing/server-process.ts): it opens a migrated database instead of creating and migrating one (about 5 s of
 * CPU per start, 19 starts per run).
 */
async function pgliteTemplateDir(target: string, dump: string): Promise<string> {
  const database = await openDatabase({ dataDir: target, loadDataDir: new Blob([fs.readFileSync(dump)]) });
  await database.close();
  return target;
}

/**
 * Creating a PGlite cluster costs seconds; loading a dump costs a fraction of that. So the migrated database
 * is created once per run and each test file starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-test-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareTemplate(database);
  if (database.raw.kind !== 'pglite') throw new Error('template must be PGlite');
  // Uncompressed: a file's database then opens in about 0.7 s of CPU instead of 1.0 s (45 MB instead of 5 MB on disk).
  const dump = await database.raw.client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteTemplateDir', await pgliteTemplateDir(path.join(dir, 'pglite'), file));
  const pgTemplate = await postgresTemplate();
  project.provide('postgresTemplate', pgTemplate?.name ?? '');
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  project.provide('testLogDir', logDir);
  return async () => {
    await pgTemplate?.drop();
    const leaks = findLeaks(logDir);
    fs.rmSync(dir, { recursive: true, force: true });
    if (leaks.length > 0) {
      // Vitest only logs teardown errors when running as a project: fail the run explicitly.
      process.exitCode = 1;
      const sample = leaks.slice(0, 5).map((l) => `  secret ${l.secret.slice(0, 4)}… in: ${l.line.slice(0, 300)}`);
      throw new Error(`${leaks.length} log line(s) contain a secret handled by the tests:\n${sample.join('\n')}`);
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PGlite database as a data directory, for server processes (a copy each). */
    pgliteTemplateDir: string;
    /** The migrated PostgreSQL database each file's copies (empty without TEST_DATABASE_URL). */
    postgresTemplate: string;
    testLogDir: string;
  }
}
