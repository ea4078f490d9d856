import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../testing/database';
import { until } from '../testing/until';
import { startJobRuntime, type JobDefinition, type JobRuntime } from './job-runtime';

/**
 * The job runtime's part of the shutdown (DESIGN.md §17): intake stops, the handlers under way end within the grace
 * period and their results are recorded, a handler past it is handed back to pg-boss, and no statement of pg-boss's
 * reaches the database once the runtime has stopped (pg-boss completes a job without awaiting it: that was the
 * "PGlite is closed" unhandled rejection at the end of a test run).
 */
const silent = { error: () => undefined, warn: () => undefined };
const PAYLOADS = { 'test-slow': z.object({ ms: z.number(), afterAbortMs: z.number() }) };

async function jobState(database: Database, id: string): Promise<string | undefined> {
  const result = await database.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
  return (result as { rows: { state: string }[] }).rows[0]?.state;
}

describe.each(TEST_DATABASE_KINDS)('job runtime shutdown (%s)', (kind) => {
  let database: Database;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeEach(async () => {
    database = await openTestDatabase(kind);
    rejections.length = 0;
    process.on('unhandledRejection', onRejection);
  });
  afterEach(async () => {
    await database.close();
    // A late statement on the closed database would surface here, after the close.
    await new Promise((r) => setTimeout(r, 200));
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
  });

  /** A job whose handler takes `ms` (or until the shutdown aborts it, then `afterAbortMs` more). */
  function slowJob(started: string[], ended: string[]): JobDefinition<typeof PAYLOADS, 'test-slow'> {
    return {
      name: 'test-slow',
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handler: async (data, context) => {
        started.push(context.jobId);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, data.ms);
          context.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            setTimeout(resolve, data.afterAbortMs);
          });
        });
        ended.push(context.jobId);
      },
    };
  }

  async function stopRuntime(runtime: JobRuntime<typeof PAYLOADS>, graceMs: number): Promise<number> {
    await runtime.stopIntake();
    const left = await runtime.drain(graceMs);
    await runtime.stop();
    return left;
  }

  it('lets a handler under way end within the grace period and records its result before it stops', async () => {
    const started: string[] = [];
    const ended: string[] = [];
    const runtime = await startJobRuntime(database, PAYLOADS, [slowJob(started, ended)], silent, { pollingIntervalSeconds: 1 });
    const id = (await runtime.send('test-slow', { ms: 400, afterAbortMs: 0 }))!;
    expect(await until(async () => started.includes(id), Boolean)).toBe(true);
    expect(await stopRuntime(runtime, 5_000)).toBe(0);
    expect(ended).toEqual([id]);
    // Read right after stop(), before anything else could complete it.
    expect(await jobState(database, id)).toBe('completed');
  });

  it('hands a handler past the grace period back for a retry, and writes nothing once stopped', async () => {
    const started: string[] = [];
    const ended: string[] = [];
    const runtime = await startJobRuntime(database, PAYLOADS, [slowJob(started, ended)], silent, { pollingIntervalSeconds: 1 });
    // Ends 300 ms after the abort: after stop() and after the database closed (afterEach).
    const id = (await runtime.send('test-slow', { ms: 60_000, afterAbortMs: 300 }))!;
    expect(await until(async () => started.includes(id), Boolean)).toBe(true);
    expect(await stopRuntime(runtime, 300)).toBe(1);
    expect(ended).toEqual([]);
    expect(await jobState(database, id)).toBe('retry');
    await expect(runtime.send('test-slow', { ms: 1, afterAbortMs: 0 })).rejects.toThrow(/stopped/);
  });

  it('takes no new job once intake stopped', async () => {
    const started: string[] = [];
    const runtime = await startJobRuntime(database, PAYLOADS, [slowJob(started, [])], silent, { pollingIntervalSeconds: 1 });
    await runtime.stopIntake();
    const id = (await runtime.send('test-slow', { ms: 1, afterAbortMs: 0 }))!;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(started).toEqual([]);
    expect(await jobState(database, id)).toBe('created');
    await runtime.drain(1_000);
    await runtime.stop();
  });
});
