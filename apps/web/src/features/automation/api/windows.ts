import type { WindowInput } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { allPages, AUTOMATION_KEY, invalidatePlanning, PAGE_SIZE } from './automation-keys';

// Maintenance windows: GET /windows (paged), POST, PATCH and DELETE /windows/{id} (409 while a schedule uses it).

export const windowsQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'windows'],
  queryFn: ({ signal }) => allPages((cursor) => apiCall('GET', '/windows', { query: { limit: PAGE_SIZE, cursor }, signal })),
});

export function useWindows() {
  return useQuery(windowsQuery);
}

export function useSaveWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: WindowInput }) =>
      id ? apiCall('PATCH', '/windows/{id}', { path: { id }, body: input }) : apiCall('POST', '/windows', { body: input }),
    onSuccess: () => invalidatePlanning(client),
  });
}

export function useDeleteWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/windows/{id}', { path: { id } }),
    onSuccess: () => invalidatePlanning(client),
  });
}
