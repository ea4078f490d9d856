// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { waitForTask } from './vm-action';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const task = (status: string, error: string | null = null) => ({ id: 't1', status, error, log: [], children: [] });

function answerInTurn(...bodies: unknown[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return json(bodies[Math.min(calls.length - 1, bodies.length - 1)]);
    }),
  );
  return calls;
}

describe('waitForTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the task until it has ended, and answers it', async () => {
    const calls = answerInTurn(task('queued'), task('running'), task('succeeded'));
    await expect(waitForTask('t1', 1)).resolves.toMatchObject({ status: 'succeeded' });
    expect(calls).toEqual(['/api/tasks/t1', '/api/tasks/t1', '/api/tasks/t1']);
  });

  it("throws the failed task's error (PVE's text) as an ApiError", async () => {
    answerInTurn(task('running'), task('failed', 'VM 100 is locked (backup)'));
    const error = await waitForTask('t1', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ detail: 'VM 100 is locked (backup)', code: 'task_failed' });
  });

  it('a cancelled task is not a success', async () => {
    answerInTurn(task('cancelled', 'Cancelled by a@b.co'));
    await expect(waitForTask('t1', 1)).rejects.toMatchObject({ code: 'task_cancelled' });
  });
});
