// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@/lib/event-stream';
import { buildTask } from '@/testing/build-task';
import { GuestTaskProgress } from './guest-task-progress';

let n = 0;
const event = (type: string, data: Record<string, unknown>): StreamEvent => ({
  id: String(++n),
  type,
  at: '2026-01-01T00:00:00Z',
  data,
});

describe('GuestTaskProgress', () => {
  it("follows a guest's task from its creation to its end, through progress events that name only the task", () => {
    const state = new GuestTaskProgress();
    const task = buildTask({ status: 'queued', progress: 0 });
    const guest = task.target.guest_id!;
    expect(state.apply(event('task.created', { task }))).toBe(true);
    expect(state.snapshot().get(guest)).toBe(0);
    expect(state.apply(event('task.progress', { task_id: task.id, status: 'running', progress: 60 }))).toBe(true);
    expect(state.snapshot().get(guest)).toBe(60);
    expect(state.apply(event('task.ended', { task: { ...task, status: 'succeeded', progress: 100 } }))).toBe(true);
    expect(state.snapshot().has(guest)).toBe(false);
  });

  it('ignores tasks of no guest, tasks it never saw start, and other events', () => {
    const state = new GuestTaskProgress();
    const hostTask = buildTask({ kind: 'host.sync', target: { host_id: crypto.randomUUID(), guest_id: null } });
    expect(state.apply(event('task.created', { task: hostTask }))).toBe(false);
    expect(state.apply(event('task.progress', { task_id: crypto.randomUUID(), status: 'running', progress: 5 }))).toBe(false);
    expect(state.apply(event('guest.state_changed', { guest_id: crypto.randomUUID() }))).toBe(false);
    expect(state.snapshot().size).toBe(0);
  });

  it('a progress event that says the task is over forgets it', () => {
    const state = new GuestTaskProgress();
    const task = buildTask();
    state.apply(event('task.created', { task }));
    state.apply(event('task.progress', { task_id: task.id, status: 'failed', progress: 40 }));
    expect(state.snapshot().size).toBe(0);
  });

  it('seeds the tasks already running when the page opened, without undoing what the stream said meanwhile', () => {
    const state = new GuestTaskProgress();
    const running = buildTask({ status: 'running', progress: 30 });
    const endedMeanwhile = buildTask({ status: 'running', progress: 80 });
    const followed = buildTask({ status: 'running', progress: 10 });
    const hostTask = buildTask({ status: 'running', target: { host_id: crypto.randomUUID(), guest_id: null } });
    state.apply(event('task.created', { task: endedMeanwhile }));
    state.apply(event('task.ended', { task: { ...endedMeanwhile, status: 'succeeded' } }));
    state.apply(event('task.created', { task: followed }));
    state.apply(event('task.progress', { task_id: followed.id, status: 'running', progress: 50 }));
    // The list was read before those events: its figures are older.
    expect(state.seed([running, endedMeanwhile, { ...followed, progress: 10 }, hostTask])).toBe(true);
    const snap = state.snapshot();
    expect(snap.get(running.target.guest_id!)).toBe(30);
    expect(snap.has(endedMeanwhile.target.guest_id!)).toBe(false);
    expect(snap.get(followed.target.guest_id!)).toBe(50);
    expect(snap.size).toBe(2);
    // A seeded task is then followed by its events like any other.
    expect(state.apply(event('task.progress', { task_id: running.id, status: 'running', progress: 90 }))).toBe(true);
    expect(state.snapshot().get(running.target.guest_id!)).toBe(90);
    expect(state.seed([running])).toBe(false);
  });
});
