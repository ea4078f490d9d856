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
  .meta({ id: 'Task' });
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
