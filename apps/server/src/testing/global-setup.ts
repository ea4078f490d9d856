import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { findLeaks } from './secrets';

/**
 * Creating a PGlite cluster costs seconds; loading a dump costs a fraction of that. So the migrated database
 * is created once per run and each test file starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-test-'));
  const file = path.join(dir, 'template.tar.gz');
  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  if (database.raw.kind !== 'pglite') throw new Error('template must be PGlite');
  const dump = await database.raw.client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  project.provide('testLogDir', logDir);
  return () => {
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
    testLogDir: string;
  }
}
