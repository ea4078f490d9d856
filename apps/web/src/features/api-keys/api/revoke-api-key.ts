import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateApiKeys } from './api-keys';

/** DELETE /api-keys/{id} (204): one's own key, or any with members.manage; it stops working at once, stays listed. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/api-keys/{id}', { path: { id } }),
    onSettled: () => invalidateApiKeys(client),
  });
}
