import type { TaskDetail, TaskStatus, VmAction } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall, ApiError } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';

/** The end states (not imported from the contract: its schemas would load zod into the dashboard's chunk). */
const DONE: ReadonlySet<TaskStatus> = new Set(['succeeded', 'failed', 'cancelled', 'skipped']);

/** How often a running task is read again. */
const TASK_POLL_MS = 400;

/** Reads a task until it has ended (any end state) and answers it, with its children and their summary. */
export async function followTask(taskId: string, pollMs = TASK_POLL_MS): Promise<TaskDetail> {
  for (;;) {
    const task = await apiCall('GET', '/tasks/{id}', { path: { id: taskId } });
    if (DONE.has(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Follows a task until it ends; a failed or cancelled task throws an ApiError carrying its error (PVE's own text
 * for a failed action), so the caller's toast explains it like any failed call.
 */
export async function waitForTask(taskId: string, pollMs = TASK_POLL_MS): Promise<TaskDetail> {
  const task = await followTask(taskId, pollMs);
  if (task.status !== 'succeeded') throw new ApiError(502, task.error ?? task.status, `task_${task.status}`);
  return task;
}

export interface VmActionInput {
  id: string;
  vmid: number;
  action: VmAction;
}

/**
 * Start/stop/restart: the server answers 202 with a task at once; the guest stays "pending" until the task has
 * ended (followed here), then the toast tells how it went and the dashboard reloads. Several guests can be
 * pending at once.
 */
export function useVmAction(callbacks: {
  onSuccess: (input: VmActionInput) => void;
  onError: (input: VmActionInput, error: unknown) => void;
}) {
  const reload = useReloadDashboard();
  const [pending, setPending] = useState<ReadonlyMap<string, VmAction>>(new Map());
  const mutation = useMutation({
    mutationFn: async (input: VmActionInput) => {
      const accepted = await apiCall('POST', '/vms/{id}/action', {
        path: { id: input.id },
        body: { action: input.action, vmid: input.vmid },
      });
      return waitForTask(accepted.task_id);
    },
    onMutate: (input) => setPending((m) => new Map(m).set(input.id, input.action)),
    onSuccess: (_data, input) => callbacks.onSuccess(input),
    onError: (error, input) => callbacks.onError(input, error),
    onSettled: async (_d, _e, input) => {
      await reload();
      setPending((m) => {
        const next = new Map(m);
        next.delete(input.id);
        return next;
      });
    },
  });
  return { run: mutation.mutate, pending };
}
