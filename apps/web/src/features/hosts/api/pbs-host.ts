import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { hostKey } from './host-key';

/** GET /hosts/{id}/pbs: a Proxmox Backup Server's datastores, jobs and failed tasks, read live (the server keeps 30 s). */
export const pbsHostQuery = (id: string) =>
  queryOptions({
    queryKey: [...hostKey(id), 'pbs'],
    queryFn: ({ signal }) => apiCall('GET', '/hosts/{id}/pbs', { path: { id }, signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    // An unreachable PBS answers 502/504: said at once, with a retry button.
    retry: false,
  });

export const usePbsHost = (id: string) => useQuery(pbsHostQuery(id));
