import type { ScrapeToken, ScrapeTokenInfo } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MONITORING_KEY } from './metrics';

// The organisation's Prometheus scrape token: GET /metrics/scrape-token (whether one exists, its prefix), POST (a
// new one, shown once; the previous one stops working), DELETE (revoke).

export const scrapeTokenQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'scrape-token'],
  queryFn: async ({ signal }) => (await api('/metrics/scrape-token', { signal })) as ScrapeTokenInfo,
});

export function useScrapeToken() {
  return useQuery(scrapeTokenQuery);
}

export function useRotateScrapeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api('/metrics/scrape-token', { method: 'POST' })) as ScrapeToken,
    onSuccess: () => client.invalidateQueries({ queryKey: scrapeTokenQuery.queryKey }),
  });
}

export function useRevokeScrapeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/metrics/scrape-token', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: scrapeTokenQuery.queryKey }),
  });
}
