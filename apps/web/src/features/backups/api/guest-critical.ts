import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

export function criticalQuery(guestId: string) {
  return queryOptions({
    queryKey: [...BACKUPS_KEY, 'critical', guestId],
    queryFn: ({ signal }) => apiCall('GET', '/vms/{id}/critical', { path: { id: guestId }, signal }),
  });
}

/** GET /vms/{id}/critical: the flag set in ProxAI, the Proxmox tag, and either. */
export const useGuestCritical = (guestId: string) => useQuery(criticalQuery(guestId));

/** PATCH /vms/{id}/critical; the answer replaces the cached state at once, and the lists that show the flag reload. */
export function useSetGuestCritical(guestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (critical: boolean) => apiCall('PATCH', '/vms/{id}/critical', { path: { id: guestId }, body: { critical } }),
    onSuccess: (state) => {
      client.setQueryData(criticalQuery(guestId).queryKey, state);
      return Promise.all([
        client.invalidateQueries({ queryKey: [...BACKUPS_KEY, 'restore-tests', 'summary'] }),
        client.invalidateQueries({ queryKey: [...BACKUPS_KEY, 'coverage'] }),
      ]);
    },
  });
}
