import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

// The hosts and guests the pages name and the filters and dialogs offer (GET /hosts, GET /vms): read once and kept
// a minute, like the other pages' facts.

const FLEET_STALE_MS = 60_000;

export const hostsQuery = queryOptions({
  queryKey: [...BACKUPS_KEY, 'hosts'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal }),
  staleTime: FLEET_STALE_MS,
});

export const guestsQuery = queryOptions({
  queryKey: [...BACKUPS_KEY, 'guests'],
  queryFn: ({ signal }) => apiCall('GET', '/vms', { signal }),
  staleTime: FLEET_STALE_MS,
});

export const useHosts = () => useQuery(hostsQuery);
export const useGuests = () => useQuery(guestsQuery);

export function useGuest(id: string) {
  return useQuery({ ...guestsQuery, select: (vms) => vms.find((v) => v.id === id) ?? null });
}
