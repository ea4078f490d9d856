import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** GET /hosts, kept a minute: which kind of host a page is for (a PVE node or a PBS), and the PBS page's facts. */
export const hostListQuery = queryOptions({
  queryKey: ['hosts', 'list'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal }),
  staleTime: 60_000,
});

export function useHostOfList(id: string) {
  return useQuery({ ...hostListQuery, select: (hosts) => hosts.find((h) => h.id === id) ?? null });
}
