import type { Host, Vm } from '@proxai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTOMATION_KEY } from './automation-keys';

// The hosts and guests the selector's pickers offer and the lists name (GET /hosts, GET /vms).

export const hostsQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'hosts'],
  queryFn: async ({ signal }) => (await api('/hosts', { signal })) as Host[],
  staleTime: 60_000,
});

export const guestsQuery = queryOptions({
  queryKey: [...AUTOMATION_KEY, 'guests'],
  queryFn: async ({ signal }) => (await api('/vms', { signal })) as Vm[],
  staleTime: 60_000,
});

export const useHosts = () => useQuery(hostsQuery);
export const useGuests = (enabled = true) => useQuery({ ...guestsQuery, enabled });
