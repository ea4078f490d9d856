import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { hostKey } from './host-key';

/** Which Proxmox privileges each feature needs and which the host's user or token lacks, read live (every member). */
export const hostPrivilegesQuery = (id: string) =>
  queryOptions({
    queryKey: [...hostKey(id), 'privileges'],
    queryFn: ({ signal }) => apiCall('GET', '/hosts/{id}/privileges', { path: { id }, signal }),
    staleTime: 60_000,
    // An offline host answers 502/504: said at once, with a retry button.
    retry: false,
  });

export const useHostPrivileges = (id: string) => useQuery(hostPrivilegesQuery(id));
