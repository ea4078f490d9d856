import type { Advice, Host, Stats, Vm } from '@proxai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every dashboard query lives under this key, so one invalidation reloads stats, hosts and guests together. */
export const DASHBOARD_KEY = ['dashboard'] as const;

// The dashboard's answers are typed by the contract but not parsed with zod in the browser: zod and the
// contract's schemas would be ~100 KB of script to compile before the first guest row on a first visit, and
// the server already checks every answer against the same schemas (its response serializer) before sending.
export const hostsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'hosts'],
  queryFn: async ({ signal }) => (await api('/hosts', { signal, early: true })) as Host[],
});

export const vmsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'vms'],
  queryFn: async ({ signal }) => (await api('/vms', { signal, early: true })) as Vm[],
});

export const statsQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'stats'],
  queryFn: async ({ signal }) => (await api('/stats', { signal, early: true })) as Stats,
});

export function adviceQuery(language: string) {
  return queryOptions({
    queryKey: [...DASHBOARD_KEY, 'advice', language],
    queryFn: async ({ signal }) =>
      (await api('/proxai/advice?context=general', { signal, headers: { 'accept-language': language } })) as Advice,
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
