import type { Task } from '@proxai/contract';
import type { tasks } from '../../db/schema';

/** A task row as the API and the event stream show it. */
export function toTaskDto(t: typeof tasks.$inferSelect): Task {
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    progress: t.progress,
    params: t.params,
    target: { host_id: t.hostId, guest_id: t.guestId },
    parent_id: t.parentId,
    schedule_id: t.scheduleId,
    scheduled_for: t.scheduledFor?.toISOString() ?? null,
    created_by: t.createdBy,
    upids: t.upids,
    created_at: t.createdAt.toISOString(),
    started_at: t.startedAt?.toISOString() ?? null,
    ended_at: t.endedAt?.toISOString() ?? null,
    error: t.error,
    summary: t.summary ?? null,
  };
}
