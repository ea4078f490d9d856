import { HostSchema, MessageSchema, type HostCreate } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';

export function useAddHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (body: HostCreate) => api('/hosts', { method: 'POST', body, schema: HostSchema }),
    onSuccess: () => reload(),
  });
}

export function useDeleteHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (id: string) => api(`/hosts/${id}`, { method: 'DELETE', schema: MessageSchema }),
    onSettled: () => reload(),
  });
}

export function useSyncHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: (id: string) => api(`/hosts/${id}/sync`, { method: 'POST', body: {}, schema: MessageSchema }),
    onSettled: () => reload(),
  });
}
