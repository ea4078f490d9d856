import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { AUTOMATION_KEY } from './automation-keys';

// The hosts and guests the selector's pickers offer and the lists name (GET /hosts, GET /vms).

export const hostsQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'hosts'],
  queryFn: ({ signal }) => apiCall('GET', '/hosts', { signal }),
  staleTime: 60_000,
});

export const guestsQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'guests'],
  queryFn: ({ signal }) => apiCall('GET', '/vms', { signal }),
  staleTime: 60_000,
});

export const useHosts = () => useQuery(hostsQuery);
export const useGuests = (enabled = true) => useQuery({ ...guestsQuery, enabled });
