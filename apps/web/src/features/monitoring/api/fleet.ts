import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { MONITORING_KEY } from './metrics';

// The facts shown beside the charts. The API has no single-host or single-guest read: the lists are read once
// and kept a minute (they are the dashboard's own reads, already in the browser's cache on the way here).

const FACTS_STALE_MS = 60_000;

export const hostsQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'hosts'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal }),
  staleTime: FACTS_STALE_MS,
});

export const vmsQuery = queryOptions({
  queryKey: [...MONITORING_KEY, 'vms'],
  queryFn: ({ signal }) => apiCall('GET', '/vms', { signal }),
  staleTime: FACTS_STALE_MS,
});

export function useHost(id: string) {
  return useQuery({ ...hostsQuery, select: (hosts) => hosts.find((h) => h.id === id) ?? null });
}

export function useHosts() {
  return useQuery(hostsQuery);
}

export function useGuest(id: string) {
  return useQuery({ ...vmsQuery, select: (vms) => vms.find((v) => v.id === id) ?? null });
}

/** The guest's ten most recent tasks (GET /tasks?guest_id=). */
export function useGuestTasks(guestId: string) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'guest-tasks', guestId],
    queryFn: ({ signal }) => apiCall('GET', '/tasks', { query: { guest_id: guestId, limit: 10 }, signal }),
    refetchInterval: 30_000,
  });
}

/** The guests of one host, by name. */
export function useHostGuests(hostId: string) {
  return useQuery({
    ...vmsQuery,
    select: (vms) => vms.filter((v) => v.host_id === hostId).sort((a, b) => a.name.localeCompare(b.name)),
  });
}
