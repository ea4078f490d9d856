import PgBoss from 'pg-boss';
import pg from 'pg';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { settleWithin } from './settle-within';

/**
 * Durable jobs on pg-boss 10 in the portal's own database (DESIGN.md §12): PostgreSQL through pg-boss's pool,
 * PGlite through its `db.executeSql` adapter on the one embedded connection. A job survives a restart: pg-boss
 * keeps it until a worker completes it, and hands an interrupted one out again once it expires.
 */

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** How many times this job was handed out before (0 on the first run). */
  retryCount: number;
  /**
   * Aborted when the process stops and the shutdown's grace period ran out: a handler that waits (on Proxmox, on
   * children) may end early; its job is handed back to pg-boss for a retry and its task to recovery.
   */
  signal: AbortSignal;
}

/** One entry of the job catalogue: name → zod payload → handler, with its retry policy, timeout and singleton. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handler: (data: z.output<S>, context: JobContext) => Promise<void>;
  /** Extra attempts after a failure or an interruption. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run taking longer is failed (and retried while attempts remain). */
  expireInSeconds: number;
  /** Jobs with the same key are not queued twice (with `policy`, pg-boss's rule per key). */
  singletonKey?: (data: z.output<S>) => string;
  /**
   * pg-boss's queue policy: 'stately' keeps at most one queued and one running job per singleton key (a host's
   * poll asked again while one runs waits behind it instead of running beside it). Default 'standard'.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Parallel runs of this job in one process. */
  concurrency?: number;
  /**
   * Jobs one worker takes per fetch and runs side by side (default 1). For many short jobs (a poll per host every
   * cycle): pg-boss 10 waits a polling interval between a worker's fetches, so one job per fetch caps a worker at
   * one job per interval. In a batch, a job whose handler fails is logged and completed, not retried.
   */
  batchSize?: number;
}

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> => definition;

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
function sqlChannel(database: Database) {
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

const bossFor = (db: SqlAdapter, options: Partial<PgBoss.ConstructorOptions>): PgBoss =>
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

export interface JobRuntime {
  /** Queues a job of the catalogue; its payload is checked against the job's schema first. */
  send(name: string, data: unknown): Promise<string | null>;
  /** Stops fetching jobs: the workers take no new one (what is queued waits for the next process). */
  stopIntake(): Promise<void>;
  /**
   * Stops intake, waits up to `graceMs` for the handlers under way to end, then aborts the rest (JobContext.signal)
   * and answers how many were still running.
   */
  drain(graceMs: number): Promise<number>;
  /** Hands what still runs back to pg-boss (failed, to be retried), waits for pg-boss's last statements, closes. */
  stop(): Promise<void>;
}

/**
 * Starts the workers of every job of the catalogue. Refuses to start when an entry has no handler or a name
 * is used twice, so a job can never be queued without something to run it.
 */
export async function startJobRuntime(
  database: Database,
  catalogue: readonly JobDefinition[],
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  options: { pollingIntervalSeconds?: number } = {},
): Promise<JobRuntime> {
  const byName = new Map<string, JobDefinition>();
  for (const job of catalogue) {
    if (typeof job.handler !== 'function') throw new Error(`job ${job.name} has no handler`);
    if (byName.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    byName.set(job.name, job);
  }
  // runMigrations installed the schema (migrateJobSchema) before the app was built: no second check here.
  const channel = sqlChannel(database);
  const boss = bossFor(channel.adapter, { migrate: false, schedule: false });
  // Each worker polls its queue. The embedded PGlite has one connection and no other replica: a job queued here
  // wakes this process's workers at once (notifyWorker below), so polling only finds retries and delayed jobs,
  // and polling every 2 s per queue would mostly queue empty fetches in front of the requests' reads.
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (database.raw.kind === 'pglite' ? 10 : 2);
  const workers = new Map<string, string[]>();
  const running = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let stopped = false;
  boss.on('error', (err) => log.error({ err }, 'job runtime error'));
  await boss.start();
  for (const job of catalogue) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      expireInSeconds: job.expireInSeconds,
      ...(job.policy ? { policy: job.policy } : {}),
    });
    const runOne = async (raw: PgBoss.JobWithMetadata<unknown>) => {
      const parsed = job.payload.safeParse(raw.data);
      if (!parsed.success) {
        // A payload that no longer parses will never run: it is dropped (completed unrun), not retried.
        log.error({ job: job.name, id: raw.id, issues: parsed.error.issues }, 'job payload rejected');
        return;
      }
      await job.handler(parsed.data, { jobId: raw.id, retryCount: raw.retryCount, signal: shutdown.signal });
    };
    /** Runs a fetch's handlers, counted so that the shutdown can wait for them. */
    const tracked = (batch: PgBoss.JobWithMetadata<unknown>[], handle: () => Promise<void>) => {
      const done = handle().catch((err: unknown) => {
        // After the grace period the database may be closing under a handler: its failure says nothing new.
        if (shutdown.signal.aborted) log.warn({ job: job.name, ids: batch.map((j) => j.id) }, 'job ended after the shutdown');
        throw err;
      });
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return done;
    };
    const batchSize = job.batchSize ?? 1;
    // pg-boss 10 runs one fetch at a time per worker: `concurrency` workers run side by side.
    const ids: string[] = [];
    workers.set(job.name, ids);
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      const id = await boss.work(job.name, { pollingIntervalSeconds, batchSize, includeMetadata: true }, (batch) =>
        tracked(batch, async () => {
          if (batchSize === 1) {
            if (batch[0]) await runOne(batch[0]);
            return;
          }
          await Promise.all(
            batch.map((raw) =>
              runOne(raw).catch((err: unknown) => log.error({ err, job: job.name, id: raw.id }, 'job failed in a batch')),
            ),
          );
        }),
      );
      ids.push(id);
    }
  }
  // On PostgreSQL a job is queued through the portal's own pool: pg-boss's small pool is busy with its workers'
  // fetches (one loop per queue), and a request queuing a job (a guest action) should not wait behind them.
  const raw = database.raw;
  const sendVia =
    raw.kind === 'postgres' ? { db: { executeSql: (text: string, values?: unknown[]) => raw.pool.query(text, values) } } : {};
  const stopIntake = async () => {
    for (const id of [...workers.values()].flat()) await boss.offWork({ id });
  };
  return {
    stopIntake,
    async send(name, data) {
      const job = byName.get(name);
      if (!job) throw new Error(`job ${name} is not in the catalogue`);
      if (stopped) throw new Error(`job ${name} not queued: the job runtime is stopped`);
      const payload = job.payload.parse(data) as object;
      const id = await boss.send(name, payload, {
        ...sendVia,
        ...(job.singletonKey ? { singletonKey: job.singletonKey(payload) } : {}),
      });
      // This replica's idle workers look now instead of at their next poll (others find it when they poll).
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async drain(graceMs) {
      // With intake stopped no handler starts meanwhile: the set only shrinks.
      await stopIntake();
      await settleWithin(running, graceMs);
      const left = running.size;
      if (left > 0) {
        log.warn({ jobs: left, graceMs }, 'jobs still running after the shutdown grace period: handed back for a retry');
        shutdown.abort();
      }
      return left;
    },
    async stop() {
      stopped = true;
      await stopIntake();
      // Not graceful: drain() already waited. What still runs is failed now, so pg-boss hands it out again.
      await boss.stop({ graceful: false, close: false });
      await channel.close();
    },
  };
}
