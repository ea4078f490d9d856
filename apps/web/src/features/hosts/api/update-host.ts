import type { HostUpdate } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { hostKey } from './host-key';

// Answers typed by the OpenAPI document, not parsed with zod in the browser (as the dashboard's queries).

export const updateHost = (id: string, body: HostUpdate) => apiCall('PATCH', '/hosts/{id}', { path: { id }, body });

/** Rename, rotate credentials or re-pin a renewed certificate; new credentials and pins are tried on the host first. */
export function useUpdateHost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HostUpdate) => updateHost(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: hostKey(id) }),
  });
}
