// The embedded database of the benchmarks that run the server's code in process. A new PGlite database runs
// initdb first, about 7 s of CPU on this machine, for every benchmark and every smoke run; the cluster initdb
// makes is the same each time for one PGlite version, so it is kept once in the temporary folder and each
// database starts from a copy of it. The migrations still run on every database, as the portal runs them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';

/** The installed PGlite's version, read from its package.json beside its entry point. */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The cluster a fresh PGlite's initdb makes, as a gzipped dump; made on first use (written whole, then renamed). */
async function initdbDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `proxai-bench-pglite-initdb-${pgliteVersion()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    if (fresh.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await fresh.raw.client.dumpDataDir('gzip');
    await fresh.close();
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * A migrated database: on PostgreSQL when `databaseUrl` is given (an empty one), else PGlite in `dataDir`
 * (`memory://` by default, or a folder on disk as a deployment keeps it), started from the kept initdb cluster.
 */
export async function openBenchDatabase(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<Database> {
  const database = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl })
    : await openDatabase({ dataDir: options.dataDir ?? 'memory://', loadDataDir: await initdbDump() });
  await runMigrations(database);
  return database;
}
