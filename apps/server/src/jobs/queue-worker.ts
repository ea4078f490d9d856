/**
 * One queue's worker: up to `slots` jobs of the queue run side by side in this process, each completed or failed
 * on its own (so a failed job is retried by its queue's policy, whatever ran beside it).
 *
 * It fetches only when it has a free slot and a reason to think a job is ready: a job was just queued on this
 * replica (`wake`), the runtime's idle check found one (`wake`), or its last fetch filled every slot (there may be
 * more) and a slot came free. pg-boss's own `work()` loop instead fetches every polling interval per worker, and
 * the portal needed ~70 of them: about 35 empty fetches a second at idle on PostgreSQL (issue 30 §2).
 */

/** A job as pg-boss hands it out, with what the worker needs of it. */
export interface FetchedJob {
  id: string;
  expireInSeconds: number;
}

export interface QueueWorkerOptions<J extends FetchedJob> {
  slots: number;
  /** Claims up to `count` ready jobs of the queue. */
  fetch: (count: number) => Promise<J[]>;
  /** Runs a job's handler; the worker records the outcome. */
  run: (job: J) => Promise<void>;
  complete: (job: J) => Promise<void>;
  fail: (job: J, err: unknown) => Promise<void>;
  /** A fetch or a recording failed (the database is away): logged, the next wake tries again. */
  onError: (err: unknown) => void;
}

export interface QueueWorker {
  /** Fetches now if a slot is free. */
  wake(): void;
  /** Fetches no more; the jobs under way go on (the runtime drains them). */
  stop(): Promise<void>;
  /**
   * Once stopped and drained: waits for the outcomes being recorded, then fails the jobs whose handler still runs
   * (pg-boss hands them out again, as after a crash) and records nothing more of them. Answers how many.
   */
  handBack(reason: string): Promise<number>;
}

/** The handler's outcome within the job's expiry (pg-boss's rule: a run past it is failed, the handler left to end). */
function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler did not end within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export function startQueueWorker<J extends FetchedJob>(options: QueueWorkerOptions<J>): QueueWorker {
  /** Jobs whose handler runs: each holds a slot. */
  const running = new Map<string, J>();
  /** Outcomes being written. */
  const recording = new Set<Promise<void>>();
  /** Jobs handed back at the shutdown: their handler's late outcome is not recorded. */
  const handedBack = new Set<string>();
  let stopped = false;
  let fetching: Promise<void> | undefined;
  let wokenWhileFetching = false;
  /** The last fetch filled every slot it asked for: more may be ready. */
  let maybeMore = false;

  const record = (job: J, outcome: { ok: true } | { ok: false; err: unknown }) => {
    running.delete(job.id);
    if (handedBack.has(job.id)) return;
    const written = (outcome.ok ? options.complete(job) : options.fail(job, outcome.err))
      .catch(options.onError)
      .finally(() => recording.delete(written));
    recording.add(written);
    if (maybeMore) worker.wake();
  };

  const start = (job: J) => {
    running.set(job.id, job);
    withinSeconds(options.run(job), job.expireInSeconds).then(
      () => record(job, { ok: true }),
      (err: unknown) => record(job, { ok: false, err }),
    );
  };

  const pump = async () => {
    do {
      wokenWhileFetching = false;
      while (!stopped && running.size < options.slots) {
        const count = options.slots - running.size;
        const jobs = await options.fetch(count);
        maybeMore = jobs.length === count;
        // A job claimed as the runtime stopped still runs: the shutdown drains or hands it back like the others.
        for (const job of jobs) start(job);
        if (!maybeMore) break;
      }
    } while (wokenWhileFetching && !stopped);
  };

  const worker: QueueWorker = {
    wake() {
      if (stopped) return;
      if (fetching) {
        wokenWhileFetching = true;
        return;
      }
      fetching = pump()
        .catch(options.onError)
        .finally(() => {
          fetching = undefined;
        });
    },
    async stop() {
      stopped = true;
      await fetching;
    },
    async handBack(reason) {
      // A handler that has just settled records its outcome within the same macrotask's microtasks: let it start,
      // so a job that ended is recorded as it ended instead of being handed back.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...recording]);
      const left = [...running.values()];
      for (const job of left) handedBack.add(job.id);
      await Promise.all(left.map((job) => options.fail(job, new Error(reason)).catch(options.onError)));
      return left.length;
    },
  };
  return worker;
}
