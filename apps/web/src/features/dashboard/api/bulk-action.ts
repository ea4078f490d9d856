import type { BulkAction, BulkActionRequest, TaskDetail } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';
import { followTask } from './vm-action';

/** The contract's MAX_BULK_GUESTS (not imported: the contract's runtime would load zod with the dashboard). */
export const BULK_CHUNK = 500;
/** A parent task's detail lists every child: read less often than a single guest's task. */
const BULK_POLL_MS = 1_000;

export interface BulkInput {
  action: BulkAction;
  ids: string[];
}

export interface BulkSummary {
  succeeded: number;
  failed: number;
  skipped: number;
}

/** How a finished parent task went: its summary, else its children's end states, else its own. */
export function summarise(task: TaskDetail, guestCount: number): BulkSummary {
  if (task.summary) return task.summary;
  if (task.children.length > 0) {
    const count = (s: string) => task.children.filter((c) => c.status === s).length;
    return { succeeded: count('succeeded'), failed: count('failed') + count('cancelled'), skipped: count('skipped') };
  }
  return task.status === 'succeeded'
    ? { succeeded: guestCount, failed: 0, skipped: 0 }
    : { succeeded: 0, failed: guestCount, skipped: 0 };
}

/** Sends the action (one request per BULK_CHUNK guests); answers the parent tasks, each with its guest count. */
export async function startBulkAction({ action, ids }: BulkInput): Promise<{ taskId: string; count: number }[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += BULK_CHUNK) chunks.push(ids.slice(i, i + BULK_CHUNK));
  return Promise.all(
    chunks.map(async (chunk) => {
      const body: BulkActionRequest = { action, ids: chunk };
      const accepted = await apiCall('POST', '/vms/bulk-action', { body });
      return { taskId: accepted.task_id, count: chunk.length };
    }),
  );
}

/**
 * Start/stop/restart of many guests: the server answers 202 with a parent task (one child per guest) at once;
 * `onAccepted` then (the selection clears, a toast says it started), and the parent is followed to its end for
 * `onDone`'s summary. The guests stay "pending" meanwhile, as with a single action.
 */
export function useBulkAction(callbacks: {
  onAccepted: (input: BulkInput) => void;
  onDone: (input: BulkInput, summary: BulkSummary) => void;
  onError: (input: BulkInput, error: unknown) => void;
}) {
  const reload = useReloadDashboard();
  const [pending, setPending] = useState<ReadonlyMap<string, BulkAction>>(new Map());
  // From the click until the server has accepted (or refused): the confirmation waits meanwhile.
  const [isStarting, setIsStarting] = useState(false);
  const forget = (ids: string[]) =>
    setPending((m) => {
      const next = new Map(m);
      for (const id of ids) next.delete(id);
      return next;
    });
  const mutation = useMutation({
    mutationFn: async (input: BulkInput): Promise<BulkSummary> => {
      setIsStarting(true);
      const started = await startBulkAction(input).finally(() => setIsStarting(false));
      setPending((m) => {
        const next = new Map(m);
        for (const id of input.ids) next.set(id, input.action);
        return next;
      });
      callbacks.onAccepted(input);
      const ended = await Promise.all(started.map(async (s) => summarise(await followTask(s.taskId, BULK_POLL_MS), s.count)));
      return ended.reduce((sum, s) => ({
        succeeded: sum.succeeded + s.succeeded,
        failed: sum.failed + s.failed,
        skipped: sum.skipped + s.skipped,
      }));
    },
    onSuccess: (summary, input) => callbacks.onDone(input, summary),
    onError: (error, input) => callbacks.onError(input, error),
    onSettled: async (_d, _e, input) => {
      await reload();
      forget(input.ids);
    },
  });
  return { run: mutation.mutate, pending, isStarting };
}
