import type { SchedulePlan } from '@proxai/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTOMATION_KEY } from './automation-keys';

/** The planned occurrences between two instants (at most 31 days): GET /schedules/plan?from=&to=. */
export function planQuery(from: Date, to: Date) {
  const range = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  return queryOptions({
    queryKey: [...AUTOMATION_KEY, 'plan', range.toString()],
    queryFn: async ({ signal }) => (await api(`/schedules/plan?${range.toString()}`, { signal })) as SchedulePlan,
  });
}

/** The week shown; the previous week's blocks stay while the next one loads. */
export function usePlan(from: Date, to: Date) {
  return useQuery({ ...planQuery(from, to), placeholderData: keepPreviousData });
}
