import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { bossFor, JOB_SCHEMA, sqlChannel } from '../db/job-store';
import { startQueueWorker, type QueueWorker } from './queue-worker';
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

/** Job names → the zod schema of their payload (the portal's: job-payloads.ts; a test may bring its own). */
export type PayloadTable = Record<string, z.ZodType<object>>;

/**
 * One entry of a job catalogue: the handler of job `N` (its payload is `T[N]`'s), with its retry policy, timeout
 * and singleton. `handler` and `singletonKey` are methods, so a catalogue of different jobs is one array type.
 */
export interface JobDefinition<T extends PayloadTable, N extends keyof T & string> {
  name: N;
  handler(data: z.output<T[N]>, context: JobContext): Promise<void>;
  /** Extra attempts after a failure or an interruption. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run taking longer is failed (and retried while attempts remain). */
  expireInSeconds: number;
  /** Jobs with the same key are not queued twice (with `policy`, pg-boss's rule per key). */
  singletonKey?(data: z.output<T[N]>): string;
  /**
   * pg-boss's queue policy: 'stately' keeps at most one queued and one running job per singleton key (a host's
   * poll asked again while one runs waits behind it instead of running beside it). Default 'standard'.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /**
   * How many runs of this job one process holds side by side (default 1): one worker per queue claims up to this
   * many (queue-worker.ts). Many short jobs (a poll per host every cycle) or long waits (an agent-read minute) want
   * many; a guest action a few.
   */
  concurrency?: number;
}

export interface JobRuntime<T extends PayloadTable> {
  /** Queues a job of the catalogue; its payload is checked against the job's schema first. */
  send<N extends keyof T & string>(name: N, data: z.input<T[N]>): Promise<string | null>;
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
export async function startJobRuntime<T extends PayloadTable>(
  database: Database,
  payloads: T,
  catalogue: readonly JobDefinition<T, keyof T & string>[],
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  options: {
    /** How often the idle check looks for jobs nobody here woke a worker for (default: 10 s PGlite, 2 s PostgreSQL). */
    pollingIntervalSeconds?: number;
    /** false: queue jobs only (a web-only replica); no worker fetches, no maintenance. */
    work?: boolean;
  } = {},
): Promise<JobRuntime<T>> {
  const work = options.work ?? true;
  const byName = new Map<string, JobDefinition<T, keyof T & string>>();
  for (const job of catalogue) {
    if (typeof job.handler !== 'function') throw new Error(`job ${job.name} has no handler`);
    if (!payloads[job.name]) throw new Error(`job ${job.name} has no payload schema`);
    if (byName.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    byName.set(job.name, job);
  }
  // runMigrations installed the schema (migrateJobSchema) before the app was built: no second check here.
  const channel = sqlChannel(database);
  // A web-only replica leaves pg-boss's maintenance (expiry, archiving) to the replicas that run jobs.
  const boss = bossFor(channel.adapter, { migrate: false, schedule: false, ...(work ? {} : { supervise: false }) });
  // A job queued here wakes this process's worker at once (send below): the idle check only finds retries, delayed
  // jobs and jobs queued by another replica. The embedded PGlite has one connection and no other replica.
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (database.raw.kind === 'pglite' ? 10 : 2);
  const workers = new Map<string, QueueWorker>();
  /** The handlers under way, for the shutdown's drain. */
  const running = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let stopped = false;
  let idleCheck: NodeJS.Timeout | undefined;
  boss.on('error', (err) => log.error({ err }, 'job runtime error'));
  await boss.start();
  // pg-boss's create_queue leaves an existing queue as it is: only the missing ones are created (one read instead of
  // a call per queue at every start).
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const job of catalogue) {
    if (!existing.has(job.name))
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        expireInSeconds: job.expireInSeconds,
        ...(job.policy ? { policy: job.policy } : {}),
      });
    if (!work) continue;
    // The table's schema of this job (TypeScript cannot follow the name from the catalogue's entry to the table).
    const schema = payloads[job.name] as z.ZodType<z.output<T[keyof T & string]>>;
    const handle = async (raw: PgBoss.JobWithMetadata<unknown>) => {
      const parsed = schema.safeParse(raw.data);
      if (!parsed.success) {
        // A payload that no longer parses will never run: it is dropped (completed unrun), not retried.
        log.error({ job: job.name, id: raw.id, issues: parsed.error.issues }, 'job payload rejected');
        return;
      }
      await job.handler(parsed.data, { jobId: raw.id, retryCount: raw.retryCount, signal: shutdown.signal });
    };
    workers.set(
      job.name,
      startQueueWorker<PgBoss.JobWithMetadata<unknown>>({
        slots: job.concurrency ?? 1,
        fetch: async (count) => (await boss.fetch(job.name, { batchSize: count, includeMetadata: true })) ?? [],
        run: (raw) => {
          const done = handle(raw).catch((err: unknown) => {
            // After the grace period the database may be closing under a handler: its failure says nothing new.
            if (shutdown.signal.aborted) log.warn({ job: job.name, id: raw.id }, 'job ended after the shutdown');
            throw err;
          });
          const settled = done.then(
            () => undefined,
            () => undefined,
          );
          running.add(settled);
          void settled.then(() => running.delete(settled));
          return done;
        },
        complete: async (raw) => {
          await boss.complete(job.name, raw.id);
        },
        fail: async (raw, err) => {
          await boss.fail(job.name, raw.id, err instanceof Error ? { message: err.message } : { message: String(err) });
        },
        onError: (err) => log.error({ err, job: job.name }, 'job queue error'),
      }),
    );
  }
  /**
   * One statement for every queue: which have a job ready that no worker here was woken for (a retry come due, a
   * delayed job, one queued by another replica). It reads pg-boss 10's job table (its fetch's own condition).
   */
  const names = [...workers.keys()];
  const checkIdle = async () => {
    const { rows } = await channel.adapter.executeSql(
      `select distinct name from ${JOB_SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after < now()`,
      [names],
    );
    for (const row of rows as { name: string }[]) workers.get(row.name)?.wake();
  };
  if (work && names.length > 0) {
    // At start, the queues that hold ready jobs (left by a stopped replica, or queued by another) are woken: one read
    // instead of a fetch per queue.
    await checkIdle();
    idleCheck = setInterval(() => {
      checkIdle().catch((err: unknown) => log.error({ err }, 'job runtime idle check failed'));
    }, pollingIntervalSeconds * 1000);
  }
  // On PostgreSQL a job is queued through the portal's own pool: pg-boss's small pool is busy with its workers'
  // fetches, and a request queuing a job (a guest action) should not wait behind them.
  const raw = database.raw;
  const sendVia =
    raw.kind === 'postgres' ? { db: { executeSql: (text: string, values?: unknown[]) => raw.pool.query(text, values) } } : {};
  const stopIntake = async () => {
    clearInterval(idleCheck);
    await Promise.all([...workers.values()].map((w) => w.stop()));
  };
  return {
    stopIntake,
    async send(name, data) {
      const job = byName.get(name);
      if (!job) throw new Error(`job ${name} is not in the catalogue`);
      if (stopped) throw new Error(`job ${name} not queued: the job runtime is stopped`);
      const payload = (payloads[name] as z.ZodType<z.output<T[keyof T & string]>>).parse(data);
      const id = await boss.send(name, payload, {
        ...sendVia,
        ...(job.singletonKey ? { singletonKey: job.singletonKey(payload) } : {}),
      });
      // This replica's worker looks now (the others find it at their idle check).
      workers.get(name)?.wake();
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
      // drain() already waited: what still runs is failed now, so pg-boss hands it out again.
      for (const worker of workers.values()) await worker.handBack('the process stopped while the job ran');
      await boss.stop({ graceful: false, close: false });
      await channel.close();
    },
  };
}
