import type { Schedule } from '@proxai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

/** The organisation's backup and restore-test schedules (GET /schedules, every page), shown beside PVE's own jobs. */
export const policiesQuery = queryOptions({
  queryKey: [...BACKUPS_KEY, 'policies'],
  queryFn: async ({ signal }) => {
    const items: Schedule[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: '200', ...(cursor ? { cursor } : {}) });
      const page = (await api(`/schedules?${query.toString()}`, { signal })) as { items: Schedule[]; next_cursor: string | null };
      items.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    return items.filter((s) => s.kind === 'backup' || s.kind === 'restore-test');
  },
  staleTime: 60_000,
});

export const usePolicies = () => useQuery(policiesQuery);
