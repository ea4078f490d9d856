import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';

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

/** pg-boss's way into PGlite: parameterised statements through query(), scripts (its migrations) through exec(). */
function pgliteAdapter(database: Database) {
  if (database.raw.kind !== 'pglite') throw new Error('not a PGlite database');
  const client = database.raw.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [], fields: [] };
    },
  };
}

function bossFor(database: Database, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const common = { schema: JOB_SCHEMA, ...options };
  if (database.raw.kind === 'pglite') return new PgBoss({ ...common, db: pgliteAdapter(database) });
  return new PgBoss({ ...common, connectionString: database.raw.url, max: 4 });
}

/** Installs or upgrades pg-boss's schema (called by runMigrations, under its lock, so a test template has it). */
export async function migrateJobSchema(database: Database): Promise<void> {
  const boss = bossFor(database, { supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: true });
}

export interface JobRuntime {
  /** Queues a job of the catalogue; its payload is checked against the job's schema first. */
  send(name: string, data: unknown): Promise<string | null>;
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
  const boss = bossFor(database, { migrate: false, schedule: false });
  // Each worker polls its queue. The embedded PGlite has one connection and no other replica: a job queued here
  // wakes this process's workers at once (notifyWorker below), so polling only finds retries and delayed jobs,
  // and polling every 2 s per queue would mostly queue empty fetches in front of the requests' reads.
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (database.raw.kind === 'pglite' ? 10 : 2);
  const workers = new Map<string, string[]>();
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
      await job.handler(parsed.data, { jobId: raw.id, retryCount: raw.retryCount });
    };
    const batchSize = job.batchSize ?? 1;
    // pg-boss 10 runs one fetch at a time per worker: `concurrency` workers run side by side.
    const ids: string[] = [];
    workers.set(job.name, ids);
    for (let i = 0; i < (job.concurrency ?? 1); i++) {
      const id = await boss.work(job.name, { pollingIntervalSeconds, batchSize, includeMetadata: true }, async (batch) => {
        if (batchSize === 1) {
          if (batch[0]) await runOne(batch[0]);
          return;
        }
        await Promise.all(
          batch.map((raw) =>
            runOne(raw).catch((err: unknown) => log.error({ err, job: job.name, id: raw.id }, 'job failed in a batch')),
          ),
        );
      });
      ids.push(id);
    }
  }
  // On PostgreSQL a job is queued through the portal's own pool: pg-boss's small pool is busy with its workers'
  // fetches (one loop per queue), and a request queuing a job (a guest action) should not wait behind them.
  const raw = database.raw;
  const sendVia =
    raw.kind === 'postgres' ? { db: { executeSql: (text: string, values?: unknown[]) => raw.pool.query(text, values) } } : {};
  return {
    async send(name, data) {
      const job = byName.get(name);
      if (!job) throw new Error(`job ${name} is not in the catalogue`);
      const payload = job.payload.parse(data) as object;
      const id = await boss.send(name, payload, {
        ...sendVia,
        ...(job.singletonKey ? { singletonKey: job.singletonKey(payload) } : {}),
      });
      // This replica's idle workers look now instead of at their next poll (others find it when they poll).
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: true });
    },
  };
}
