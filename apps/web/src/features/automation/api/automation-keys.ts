import type { QueryClient } from '@tanstack/react-query';

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
export const PAGE_SIZE = 200;

/**
 * Every page of GET /schedules or /windows (they are few: one page, usually), `read` asking for the one after
 * `cursor`.
 */
export async function allPages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}
