import type { Host, HostCreate, Message } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';

// Answers typed by the contract, not parsed with zod in the browser (see dashboard-queries.ts).

export function useAddHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: async (body: HostCreate) => (await api('/hosts', { method: 'POST', body })) as Host,
    onSuccess: () => reload(),
  });
}

export function useDeleteHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: async (id: string) => (await api(`/hosts/${id}`, { method: 'DELETE' })) as Message,
    onSettled: () => reload(),
  });
}

export function useSyncHost() {
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: async (id: string) => (await api(`/hosts/${id}/sync`, { method: 'POST', body: {} })) as Message,
    onSettled: () => reload(),
  });
}
