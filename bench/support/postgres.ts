// A fresh PostgreSQL database for a benchmark that runs the built portal on PostgreSQL (pollers, idle): made beside
// the server's others, dropped at the end, so each run starts empty.
import pg from 'pg';

export interface BenchPostgres {
  url: string;
  drop(): Promise<void>;
}

/** Whether a PostgreSQL answers at `serverUrl` (the smoke runs go on without one, and say so). */
export async function postgresAnswers(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new empty database on the server of `serverUrl`, named `<prefix>_<time>`; `why` says what needs it. */
export async function freshPostgresDatabase(serverUrl: string, prefix: string, why: string): Promise<BenchPostgres> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect().catch((err: unknown) => {
    throw new Error(`${why}: no PostgreSQL answers at ${serverUrl} (--database-url)`, { cause: err });
  });
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
