import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

/** GET /backups/coverage?hours=: guests without a backup in those hours, PVE's view, failed jobs, PVE's jobs. */
export function coverageQuery(hours: number) {
  return queryOptions({
    queryKey: [...BACKUPS_KEY, 'coverage', hours],
    queryFn: ({ signal }) => apiCall('GET', '/backups/coverage', { query: { hours }, signal }),
  });
}

/** Changing the hours keeps the previous answer shown until the new one arrives. */
export function useCoverage(hours: number) {
  return useQuery({ ...coverageQuery(hours), placeholderData: keepPreviousData });
}
