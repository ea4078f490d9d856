import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { MONITORING_KEY } from './metrics';

// The organisation's Prometheus scrape token: GET /metrics/scrape-token (whether one exists, its prefix), POST (a
// new one, shown once; the previous one stops working), DELETE (revoke).

export const scrapeTokenQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'scrape-token'],
  queryFn: ({ signal }) => apiCall('GET', '/metrics/scrape-token', { signal }),
});

export function useScrapeToken() {
  return useQuery(scrapeTokenQuery);
}

export function useRotateScrapeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST', '/metrics/scrape-token'),
    onSuccess: () => client.invalidateQueries({ queryKey: scrapeTokenQuery.queryKey }),
  });
}

export function useRevokeScrapeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('DELETE', '/metrics/scrape-token'),
    onSuccess: () => client.invalidateQueries({ queryKey: scrapeTokenQuery.queryKey }),
  });
}
