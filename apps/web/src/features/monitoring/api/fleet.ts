import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { FLEET_STALE_MS, vmsQuery } from '@/lib/fleet-reads';
import { MONITORING_KEY } from './metrics';

// The facts shown beside the charts. The API has no single-host or single-guest read: the fleet's lists
// (lib/fleet-reads.ts, the dashboard's own reads, usually already in the cache on the way here) are picked from.

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
    staleTime: FLEET_STALE_MS,
    select: (vms) => vms.filter((v) => v.host_id === hostId).sort((a, b) => a.name.localeCompare(b.name)),
  });
}
