import type { HostCreate } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';

// Answers typed by the OpenAPI document, not parsed with zod in the browser (see dashboard-queries.ts).

export function useAddHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (body: HostCreate) => apiCall('POST', '/hosts', { body }),
    onSuccess: () => reload(),
  });
}

export function useDeleteHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/hosts/{id}', { path: { id } }),
    onSettled: () => reload(),
  });
}

export function useSyncHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (id: string) => apiCall('POST', '/hosts/{id}/sync', { path: { id } }),
    onSettled: () => reload(),
  });
}
