import type { Host, HostUpdate } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hostKey } from './host-key';

// Answers typed by the contract, not parsed with zod in the browser (as the dashboard's queries).

export const updateHost = async (id: string, body: HostUpdate) => (await api(`/hosts/${id}`, { method: 'PATCH', body })) as Host;

/** Rename, rotate credentials or re-pin a renewed certificate; new credentials and pins are tried on the host first. */
export function useUpdateHost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HostUpdate) => updateHost(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: hostKey(id) }),
  });
}
