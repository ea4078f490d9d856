import type { RestoreTestStatus } from '@proxai/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

export interface RestoreTestFilter {
  guestId?: string;
  status?: RestoreTestStatus;
}

const PAGE_SIZE = 50;

/** A test still queued or running is polled until it ends. */
const RUNNING_REFRESH_MS = 3_000;

/** The restore tests, newest first, a page at a time (GET /restore-tests with its cursor). */
export function restoreTestsQuery(filter: RestoreTestFilter) {
  return infiniteQueryOptions({
    queryKey: [...BACKUPS_KEY, 'restore-tests', 'list', filter],
    queryFn: ({ signal, pageParam }) =>
      apiCall('GET', '/restore-tests', {
        query: { limit: PAGE_SIZE, guest_id: filter.guestId || undefined, status: filter.status, cursor: pageParam || undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useRestoreTests(filter: RestoreTestFilter) {
  return useInfiniteQuery({
    ...restoreTestsQuery(filter),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((t) => t.status === 'queued' || t.status === 'running'))
        ? RUNNING_REFRESH_MS
        : false,
  });
}
