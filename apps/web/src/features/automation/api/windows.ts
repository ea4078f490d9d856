import type { MaintenanceWindow, WindowInput } from '@proxai/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePlanning, pagedListQuery } from './automation-keys';

// Maintenance windows: GET /windows (paged), POST, PATCH and DELETE /windows/{id} (409 while a schedule uses it).

export const windowsQuery = pagedListQuery<MaintenanceWindow>('windows');

export function useWindows() {
  return useQuery(windowsQuery);
}

export function useSaveWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: WindowInput }) =>
      (await api(id ? `/windows/${id}` : '/windows', { method: id ? 'PATCH' : 'POST', body: input })) as MaintenanceWindow,
    onSuccess: () => invalidatePlanning(client),
  });
}

export function useDeleteWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/windows/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidatePlanning(client),
  });
}
