import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every automation query lives under this key. */
export const AUTOMATION_KEY = ['automation'] as const;

/** What a schedule or window change redraws: the schedules, the windows and the planner (not hosts, guests, profile). */
const PLANNING = new Set(['schedules', 'windows', 'plan']);

export function invalidatePlanning(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: AUTOMATION_KEY,
    predicate: (query) => PLANNING.has(String(query.queryKey[1])),
  });
}

/** The most the list routes answer at once. */
const PAGE_SIZE = 200;

/**
 * GET /schedules or /windows, every page (they are few: one page, usually), under the automation key and the
 * list's name.
 */
export function pagedListQuery<T>(name: 'schedules' | 'windows') {
  return queryOptions({
    queryKey: [...AUTOMATION_KEY, name],
    queryFn: async ({ signal }) => {
      const items: T[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });
        const path = `/${name}?${query.toString()}`;
        const page = (await api(path, { signal })) as { items: T[]; next_cursor: string | null };
        items.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return items;
    },
  });
}
