import type { ScheduleInput, SchedulePatch } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { allPages, AUTOMATION_KEY, invalidatePlanning, PAGE_SIZE } from './automation-keys';

// Schedules: GET /schedules (paged), POST, PATCH and DELETE /schedules/{id}, POST /schedules/{id}/run.

export const schedulesQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'schedules'],
  queryFn: ({ signal }) => allPages((cursor) => apiCall('GET', '/schedules', { query: { limit: PAGE_SIZE, cursor }, signal })),
});

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
        ? apiCall('POST', '/schedules', { body: save.input })
        : apiCall('PATCH', '/schedules/{id}', { path: { id: save.id }, body: save.patch }),
    onSuccess: invalidate,
  });
}

/** Turns a schedule on or off from the list; the row shows the new state at once. */
export function useToggleSchedule() {
  const client = useQueryClient();
  const invalidate = useInvalidateAutomation();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      apiCall('PATCH', '/schedules/{id}', { path: { id }, body: { enabled } satisfies SchedulePatch }),
    onMutate: ({ id, enabled }) => {
      client.setQueryData(schedulesQuery.queryKey, (list) => list?.map((s) => (s.id === id ? { ...s, enabled } : s)));
    },
    onSettled: invalidate,
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidateAutomation();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/schedules/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

/** Runs a schedule now (its window does not apply): a task the task panel shows. */
export function useRunSchedule() {
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/schedules/{id}/run', { path: { id } }),
  });
}
