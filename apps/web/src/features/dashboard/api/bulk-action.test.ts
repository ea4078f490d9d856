// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTask, buildTaskDetail } from '@/testing/build-task';
import { json, stubApi } from '@/testing/stub-api';
import { BULK_CHUNK, startBulkAction, summarise } from './bulk-action';

const ids = (count: number) => Array.from({ length: count }, () => crypto.randomUUID());

describe('startBulkAction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the action with the ids, one request per 500 guests (the contract’s limit)', async () => {
    let task = 0;
    const calls = stubApi({ 'POST /api/vms/bulk-action': () => json({ task_id: `t${++task}` }, 202) });
    const all = ids(1_200);
    const started = await startBulkAction({ action: 'stop', ids: all });
    expect(started).toEqual([
      { taskId: 't1', count: 500 },
      { taskId: 't2', count: 500 },
      { taskId: 't3', count: 200 },
    ]);
    const bodies = calls.map((c) => c.body as { action: string; ids: string[] });
    expect(bodies.map((b) => b.action)).toEqual(['stop', 'stop', 'stop']);
    expect(bodies.flatMap((b) => b.ids)).toEqual(all);
    expect(Math.max(...bodies.map((b) => b.ids.length))).toBe(BULK_CHUNK);
  });
});

describe('summarise', () => {
  it("is the parent's summary, else its children's end states, else its own", () => {
    expect(summarise(buildTaskDetail({ status: 'succeeded', summary: { succeeded: 17, failed: 1, skipped: 2 } }), 20)).toEqual({
      succeeded: 17,
      failed: 1,
      skipped: 2,
    });
    const children = ['succeeded', 'failed', 'skipped', 'cancelled', 'succeeded'].map((status) =>
      buildTask({ status: status as 'succeeded' }),
    );
    expect(summarise(buildTaskDetail({ status: 'failed', children }), 5)).toEqual({ succeeded: 2, failed: 2, skipped: 1 });
    expect(summarise(buildTaskDetail({ status: 'failed' }), 3)).toEqual({ succeeded: 0, failed: 3, skipped: 0 });
  });
});
