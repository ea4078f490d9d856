// pg-boss's place in the portal's database: its schema (installed by the migrations) and the one channel through
// which the job runtime's statements reach the database.
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { Database } from './client';

/** pg-boss's schema in the portal's database. */
export const JOB_SCHEMA = 'pgboss';

interface SqlResult {
  rows: unknown[];
  fields?: unknown[];
}

/**
 * pg-boss's way into the database, which the runtime owns so that no statement outlives `stop()`: pg-boss completes
 * or fails a job without awaiting it (manager.js `onFetch`), so its statements are counted here and awaited before
 * the database may close. PGlite: parameterised statements through query(), scripts (its migrations) through
 * exec(). PostgreSQL: a small pool of pg-boss's own, beside the portal's.
 */
export function sqlChannel(database: Database) {
  let run: (text: string, values?: unknown[]) => Promise<SqlResult>;
  let end = async () => undefined as void;
  if (database.raw.kind === 'pglite') {
    const client = database.raw.client;
    run = async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [], fields: [] };
    };
  } else {
    const pool = new pg.Pool({ connectionString: database.raw.url, max: 4, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined);
    run = (text, values) => pool.query(text, values);
    end = () => pool.end();
  }
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  return {
    adapter: {
      executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
        // Only a job that outlived the grace period gets here (its completion, not awaited by pg-boss): the job was
        // already failed for a retry, so its late result is dropped instead of reaching a closed database.
        if (closed) return Promise.resolve({ rows: [{ count: 0 }], fields: [] });
        const statement = run(text, values);
        inFlight.add(statement);
        const forget = () => inFlight.delete(statement);
        statement.then(forget, forget);
        return statement;
      },
    },
    /** Waits for pg-boss's statements under way (those a settled handler just queued included), then closes. */
    async close(): Promise<void> {
      // A settled handler's completion is queued within the same macrotask: let it start before counting.
      await new Promise((resolve) => setImmediate(resolve));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      closed = true;
      await end();
    },
  };
}

type SqlAdapter = ReturnType<typeof sqlChannel>['adapter'];

export const bossFor = (db: SqlAdapter, options: Partial<PgBoss.ConstructorOptions>): PgBoss =>
  new PgBoss({ schema: JOB_SCHEMA, ...options, db });

/** Installs or upgrades pg-boss's schema (called by runMigrations, under its lock, so a test template has it). */
export async function migrateJobSchema(database: Database): Promise<void> {
  const channel = sqlChannel(database);
  const boss = bossFor(channel.adapter, { supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
  await channel.close();
}
