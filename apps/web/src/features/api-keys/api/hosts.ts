import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { API_KEYS_KEY } from './api-keys';

/** GET /hosts: the hosts a key may be narrowed to, and the names the list shows for a key's host scope. */
export const hostsQuery = queryOptions({
  queryKey: [...API_KEYS_KEY, 'hosts'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal }),
  staleTime: 60_000,
});

/** Asked only when needed: the create form is open, or a listed key is narrowed to hosts. */
export function useHosts(enabled: boolean) {
  return useQuery({ ...hostsQuery, enabled });
}
