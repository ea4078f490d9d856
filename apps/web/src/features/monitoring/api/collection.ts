import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { MONITORING_KEY } from './metrics';

// GET /metrics/collection: how each host is collected (guest-agent budget, history backfill);
// GET /metrics/overview: the dashboard's fleet overview (top consumers, storage filling within 30 days).

export const collectionQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'collection'],
  queryFn: ({ signal }) => apiCall('GET', '/metrics/collection', { signal }),
});

/** One host's collection; read every 10 s while its backfill runs, so the progress moves. */
export function useHostCollection(hostId: string | undefined) {
  return useQuery({
    ...collectionQuery,
    enabled: hostId !== undefined,
    select: (data) => data.hosts.find((h) => h.host_id === hostId) ?? null,
    refetchInterval: (query) =>
      query.state.data?.hosts.some(
        (h) => h.host_id === hostId && (h.backfill?.state === 'queued' || h.backfill?.state === 'running'),
      )
        ? 10_000
        : false,
  });
}

export const overviewQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'overview'],
  queryFn: ({ signal }) => apiCall('GET', '/metrics/overview', { signal }),
  refetchInterval: 60_000,
});

export function useOverview() {
  return useQuery(overviewQuery);
}
