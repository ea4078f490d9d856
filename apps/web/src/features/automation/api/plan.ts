import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { AUTOMATION_KEY } from './automation-keys';

/** The planned occurrences between two instants (at most 31 days): GET /schedules/plan?from=&to=. */
export function planQuery(from: Date, to: Date) {
  const range = { from: from.toISOString(), to: to.toISOString() };
  return queryOptions({
    queryKey: [...AUTOMATION_KEY, 'plan', new URLSearchParams(range).toString()],
    queryFn: ({ signal }) => apiCall('GET', '/schedules/plan', { query: range, signal }),
  });
}

/** The week shown; the previous week's blocks stay while the next one loads. */
export function usePlan(from: Date, to: Date) {
  return useQuery({ ...planQuery(from, to), placeholderData: keepPreviousData });
}
