import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

/** GET /restore-tests/summary: per guest, its last test, RTO trend, next scheduled test and critical flag. */
export const restoreTestSummaryQuery = queryOptions({
  queryKey: [...BACKUPS_KEY, 'restore-tests', 'summary'],
  queryFn: ({ signal }) => apiCall('GET', '/restore-tests/summary', { signal }),
});

export function useRestoreTestSummary() {
  return useQuery(restoreTestSummaryQuery);
}

/** One guest's row of the summary (null when the guest has no test, no schedule and is not critical). */
export function useGuestRestoreTestSummary(guestId: string) {
  return useQuery({
    ...restoreTestSummaryQuery,
    select: (summary) => summary.items.find((i) => i.guest_id === guestId) ?? null,
  });
}
