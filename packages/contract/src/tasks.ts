import { z } from 'zod';

// Schemas of the task routes (DESIGN.md §12): every long operation is a task the user can follow.

export const TaskStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'skipped']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A task in a terminal state will not change any more. */
export const isTaskDone = (status: TaskStatus): boolean =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled' || status === 'skipped';

export const TaskActorSchema = z
  .object({
    type: z.enum(['user', 'api_key', 'schedule', 'system']),
    id: z.string().nullable(),
    name: z.string(),
  })
  .meta({ id: 'TaskActor' });

export const TaskSchema = z
  .object({
    id: z.uuid(),
    kind: z.string().meta({ description: "'guest.start', 'guest.stop', 'guest.restart', …" }),
    status: TaskStatusSchema,
    progress: z.number().int().min(0).max(100),
    params: z.record(z.string(), z.unknown()),
    target: z.object({ host_id: z.uuid().nullable(), guest_id: z.uuid().nullable() }),
    parent_id: z.uuid().nullable(),
    schedule_id: z.uuid().nullable(),
    scheduled_for: z.string().nullable(),
    created_by: TaskActorSchema,
    upids: z.array(z.string()).meta({ description: 'The Proxmox tasks (UPIDs) this task follows' }),
    created_at: z.string(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    error: z.string().nullable(),
    /** A parent task's count of its children by outcome (bulk actions, schedules); null for others. */
    summary: z.object({ succeeded: z.number().int(), failed: z.number().int(), skipped: z.number().int() }).nullable(),
  })
  .meta({
    id: 'Task',
    examples: [
      {
        id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
        kind: 'guest.restart',
        status: 'succeeded',
        progress: 100,
        params: { action: 'restart', vmid: 101, name: 'web-01', state_before: 'running' },
        target: { host_id: '5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c', guest_id: '0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90' },
        parent_id: null,
        schedule_id: null,
        scheduled_for: null,
        created_by: { type: 'user', id: '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098', name: 'alice@example.com' },
        upids: ['UPID:pve1:0003A1B2:01C3D4E5:6742F0A1:qmreboot:101:proxai@pve!portal:'],
        created_at: '2026-11-24T09:20:00.412Z',
        started_at: '2026-11-24T09:20:00.530Z',
        ended_at: '2026-11-24T09:20:14.207Z',
        error: null,
        summary: null,
      },
    ],
  });
export type Task = z.infer<typeof TaskSchema>;

export const TaskLogLineSchema = z.object({ at: z.string(), line: z.string() });

export const TaskDetailSchema = TaskSchema.extend({
  log: z.array(TaskLogLineSchema),
  children: z.array(TaskSchema),
}).meta({ id: 'TaskDetail' });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/** Every new list route answers a page and the cursor of the next one (null on the last). */
export const TaskPageSchema = z
  .object({ items: z.array(TaskSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'TaskPage' });
export type TaskPage = z.infer<typeof TaskPageSchema>;

export const TaskListQuerySchema = z.object({
  status: TaskStatusSchema.optional(),
  kind: z.string().trim().min(1).max(64).optional(),
  host_id: z.uuid().optional(),
  guest_id: z.uuid().optional(),
  schedule_id: z.uuid().optional(),
  parent_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type TaskListQuery = z.input<typeof TaskListQuerySchema>;

/** 202 of a route that started a task: follow it at GET /api/tasks/{task_id}. */
export const TaskAcceptedSchema = z.object({ task_id: z.uuid() }).meta({ id: 'TaskAccepted' });
export type TaskAccepted = z.infer<typeof TaskAcceptedSchema>;
