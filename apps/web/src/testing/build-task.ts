import type { Task, TaskDetail, TaskPage } from '@proxai/contract';

/** A task as the API answers it: a running start of web-01 (100) by ada@example.org, unless overridden. */
export function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    id: crypto.randomUUID(),
    kind: 'guest.start',
    status: 'running',
    progress: 40,
    params: { action: 'start', vmid: 100, name: 'web-01', state_before: 'stopped' },
    target: { host_id: crypto.randomUUID(), guest_id: crypto.randomUUID() },
    parent_id: null,
    schedule_id: null,
    scheduled_for: null,
    created_by: { type: 'user', id: crypto.randomUUID(), name: 'ada@example.org' },
    upids: [],
    created_at: new Date(Date.now() - 60_000).toISOString(),
    started_at: new Date(Date.now() - 55_000).toISOString(),
    ended_at: null,
    error: null,
    summary: null,
    ...overrides,
  };
}

export function buildTaskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return { ...buildTask(), log: [], children: [], ...overrides };
}

export const buildPage = (items: Task[], next_cursor: string | null = null): TaskPage => ({ items, next_cursor });
