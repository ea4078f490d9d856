import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiAnswer } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

/** The organisation's backup and restore-test schedules (GET /schedules, every page), shown beside PVE's own jobs. */
export const policiesQuery = queryOptions({
  queryKey: [...BACKUPS_KEY, 'policies'],
  queryFn: async ({ signal }) => {
    const items: ApiAnswer<'/schedules', 'GET'>['items'] = [];
    let cursor: string | undefined;
    do {
      const page = await apiCall('GET', '/schedules', { query: { limit: 200, cursor }, signal });
      items.push(...page.items);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return items.filter((s) => s.kind === 'backup' || s.kind === 'restore-test');
  },
  staleTime: 60_000,
});

export const usePolicies = () => useQuery(policiesQuery);
