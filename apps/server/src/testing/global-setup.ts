import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
