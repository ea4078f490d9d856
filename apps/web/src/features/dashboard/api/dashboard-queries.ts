import { AdviceSchema, HostListSchema, StatsSchema, type Vm } from '@proxai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every dashboard query lives under this key, so one invalidation reloads stats, hosts and guests together. */
export const DASHBOARD_KEY = ['dashboard'] as const;

export const hostsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'hosts'],
  queryFn: ({ signal }) => api('/hosts', { schema: HostListSchema, signal, early: true }),
});

export const vmsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'vms'],
  // Not validated with zod on purpose: 5,000 guests are the dashboard's critical path and come from our own server.
  queryFn: async ({ signal }) => (await api('/vms', { signal, early: true })) as Vm[],
});

export const statsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'stats'],
  queryFn: ({ signal }) => api('/stats', { schema: StatsSchema, signal, early: true }),
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

/** Asked once the guest list has arrived, so the assistant's work never delays the first rows. */
export function useAdvice(language: string, enabled = true) {
  return useQuery({ ...adviceQuery(language), enabled });
}

export function useReloadDashboard() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DASHBOARD_KEY });
}
