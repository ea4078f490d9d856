import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a PostgreSQL advisory lock (session level), so only one replica runs it at a time. */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Tries the lock without waiting; `fn` is skipped (and `undefined` returned) when another replica holds it. */
  tryAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T | undefined>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw handle for pg-boss and tests. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dir dump (tar) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: dataDir.startsWith('memory://') ? undefined : dataDir,
    loadDataDir,
    // Keeps the resident memory of the embedded server near 170 MB instead of 300 MB.
    postgresqlconf: ['shared_buffers=16MB'],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite is a single connection: serialise lock holders in-process so they never interleave.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    withAdvisoryLock: (_key, fn) => serial(() => fn(db)),
    tryAdvisoryLock: (_key, fn) => serial(() => fn(db)),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  let ending: Promise<void> | undefined;
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', pool, url },
    withAdvisoryLock: (key, fn) =>
      withClient(async (client) => {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(client, { schema }));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      }),
    tryAdvisoryLock: (key, fn) =>
      withClient(async (client) => {
        const res = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!res.rows[0]?.locked) return undefined;
        try {
          return await fn(drizzlePg(client, { schema }));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Idempotent, as PGlite's: the app that owns it closes it, and a test may have closed it first.
    close: () => (ending ??= pool.end()),
  };
}
