import { describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { startQueueWorker, type FetchedJob } from './queue-worker';

/** A queue in memory: what the worker fetched, completed and failed, and handlers released by hand. */
function fakeQueue(jobs: number, options: { slots: number; expireInSeconds?: number }) {
  const ready: FetchedJob[] = Array.from({ length: jobs }, (_, i) => ({
    id: `j${i}`,
    expireInSeconds: options.expireInSeconds ?? 60,
  }));
  const fetches: number[] = [];
  const completed: string[] = [];
  const failed: { id: string; message: string }[] = [];
  const release = new Map<string, (outcome?: Error) => void>();
  const worker = startQueueWorker<FetchedJob>({
    slots: options.slots,
    fetch: async (count) => {
      fetches.push(count);
      return ready.splice(0, count);
    },
    run: (job) => new Promise<void>((resolve, reject) => release.set(job.id, (err) => (err ? reject(err) : resolve()))),
    complete: async (job) => {
      completed.push(job.id);
    },
    fail: async (job, err) => {
      failed.push({ id: job.id, message: err instanceof Error ? err.message : String(err) });
    },
    onError: (err) => {
      throw err;
    },
  });
  return { worker, ready, fetches, completed, failed, release };
}

describe('queue worker', () => {
  it('runs up to its slots side by side and fetches only for free slots', async () => {
    const q = fakeQueue(5, { slots: 2 });
    q.worker.wake();
    await until(
      async () => q.release.size,
      (n) => n === 2,
    );
    expect(q.fetches).toEqual([2]);
    q.release.get('j0')!();
    // The fetch filled both slots, so a freed slot fetches again (there may be more).
    await until(async () => q.release.has('j2'), Boolean);
    expect(q.completed).toEqual(['j0']);
    expect(q.fetches).toEqual([2, 1]);
    await q.worker.stop();
  });

  it('fails a failed job alone: the one beside it is completed', async () => {
    const q = fakeQueue(2, { slots: 2 });
    q.worker.wake();
    await until(
      async () => q.release.size,
      (n) => n === 2,
    );
    q.release.get('j0')!(new Error('host unreachable'));
    q.release.get('j1')!();
    await until(
      async () => q.completed.length + q.failed.length,
      (n) => n === 2,
    );
    expect(q.completed).toEqual(['j1']);
    expect(q.failed).toEqual([{ id: 'j0', message: 'host unreachable' }]);
    await q.worker.stop();
  });

  it('does not fetch again after a fetch that found fewer jobs than slots, until woken', async () => {
    const q = fakeQueue(1, { slots: 4 });
    q.worker.wake();
    await until(
      async () => q.release.size,
      (n) => n === 1,
    );
    q.release.get('j0')!();
    await until(
      async () => q.completed.length,
      (n) => n === 1,
    );
    expect(q.fetches).toEqual([4]);
    q.ready.push({ id: 'late', expireInSeconds: 60 });
    q.worker.wake();
    await until(async () => q.release.has('late'), Boolean);
    expect(q.fetches).toEqual([4, 4]);
    await q.worker.stop();
  });

  it('fetches again when woken during a fetch, and never once stopped', async () => {
    const q = fakeQueue(0, { slots: 1 });
    q.worker.wake();
    q.worker.wake();
    await until(
      async () => q.fetches.length,
      (n) => n === 2,
    );
    await q.worker.stop();
    q.ready.push({ id: 'after', expireInSeconds: 60 });
    q.worker.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(q.fetches).toHaveLength(2);
  });

  it('fails a handler past its expiry and frees its slot', async () => {
    const q = fakeQueue(2, { slots: 1, expireInSeconds: 0.05 });
    q.worker.wake();
    await until(
      async () => q.failed.length,
      (n) => n === 1,
    );
    expect(q.failed[0]).toEqual({ id: 'j0', message: 'handler did not end within 0.05 s' });
    await until(async () => q.release.has('j1'), Boolean);
    await q.worker.stop();
  });

  it('hands back the jobs still running once stopped, and records nothing more of them', async () => {
    const q = fakeQueue(2, { slots: 2 });
    q.worker.wake();
    await until(
      async () => q.release.size,
      (n) => n === 2,
    );
    q.release.get('j0')!();
    await q.worker.stop();
    expect(await q.worker.handBack('stopping')).toBe(1);
    expect(q.completed).toEqual(['j0']);
    expect(q.failed).toEqual([{ id: 'j1', message: 'stopping' }]);
    q.release.get('j1')!();
    await new Promise((r) => setTimeout(r, 20));
    expect(q.completed).toEqual(['j0']);
  });
});
