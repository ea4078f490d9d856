import type { Schedule, ScheduleInput, SchedulePatch, TaskAccepted } from '@proxai/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePlanning, pagedListQuery } from './automation-keys';

// Schedules: GET /schedules (paged), POST, PATCH and DELETE /schedules/{id}, POST /schedules/{id}/run.

export const schedulesQuery = pagedListQuery<Schedule>('schedules');

export function useSchedules() {
  return useQuery(schedulesQuery);
}

/** Whatever changes a schedule redraws the list and the planner. */
function useInvalidateAutomation() {
  const client = useQueryClient();
  return () => invalidatePlanning(client);
}

export function useSaveSchedule() {
  const invalidate = useInvalidateAutomation();
  return useMutation({
    mutationFn: async (save: { id: null; input: ScheduleInput } | { id: string; patch: SchedulePatch }) =>
      save.id === null
        ? ((await api('/schedules', { method: 'POST', body: save.input })) as Schedule)
        : ((await api(`/schedules/${save.id}`, { method: 'PATCH', body: save.patch })) as Schedule),
    onSuccess: invalidate,
  });
}

/** Turns a schedule on or off from the list; the row shows the new state at once. */
export function useToggleSchedule() {
  const client = useQueryClient();
  const invalidate = useInvalidateAutomation();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (await api(`/schedules/${id}`, { method: 'PATCH', body: { enabled } satisfies SchedulePatch })) as Schedule,
    onMutate: ({ id, enabled }) => {
      client.setQueryData(schedulesQuery.queryKey, (list) => list?.map((s) => (s.id === id ? { ...s, enabled } : s)));
    },
    onSettled: invalidate,
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidateAutomation();
  return useMutation({
    mutationFn: (id: string) => api(`/schedules/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Runs a schedule now (its window does not apply): a task the task panel shows. */
export function useRunSchedule() {
  return useMutation({
    mutationFn: async (id: string) => (await api(`/schedules/${id}/run`, { method: 'POST' })) as TaskAccepted,
  });
}
