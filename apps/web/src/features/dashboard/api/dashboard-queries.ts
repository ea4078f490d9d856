import { AdviceSchema, HostListSchema, StatsSchema, VmListSchema } from '@proxai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every dashboard query lives under this key, so one invalidation reloads stats, hosts and guests together. */
export const DASHBOARD_KEY = ['dashboard'] as const;

export const hostsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'hosts'],
  queryFn: ({ signal }) => api('/hosts', { schema: HostListSchema, signal }),
});

export const vmsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'vms'],
  queryFn: ({ signal }) => api('/vms', { schema: VmListSchema, signal }),
});

export const statsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'stats'],
  queryFn: ({ signal }) => api('/stats', { schema: StatsSchema, signal }),
});

export function adviceQuery(language: string) {
  return queryOptions({
    queryKey: [...DASHBOARD_KEY, 'advice', language],
    queryFn: ({ signal }) =>
      api('/proxai/advice?context=general', { schema: AdviceSchema, signal, headers: { 'accept-language': language } }),
    staleTime: 30_000,
  });
}

/** Data refreshes on its own while the page is open (the server syncs hosts in the background). */
const REFRESH_MS = 30_000;

export function useDashboardData() {
  const hosts = useQuery({ ...hostsQuery, refetchInterval: REFRESH_MS });
  const vms = useQuery({ ...vmsQuery, refetchInterval: REFRESH_MS });
  const stats = useQuery({ ...statsQuery, refetchInterval: REFRESH_MS });
  return { hosts, vms, stats };
}

export function useAdvice(language: string) {
  return useQuery(adviceQuery(language));
}

export function useReloadDashboard() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DASHBOARD_KEY });
}
