import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';
import { backupsPageQuery, type BackupFilter } from './backups-path';

/** The inventory, newest first, a page at a time (GET /backups with its cursor); the first page may be on its way. */
export function backupsQuery(filter: BackupFilter) {
  return infiniteQueryOptions({
    queryKey: [...BACKUPS_KEY, 'list', filter],
    // The first page may be the one the route's loader started (backupsPath: the same path and query).
    queryFn: ({ signal, pageParam }) =>
      apiCall('GET', '/backups', { query: backupsPageQuery(filter, pageParam), signal, early: pageParam === undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useBackups(filter: BackupFilter, enabled = true) {
  return useInfiniteQuery({ ...backupsQuery(filter), enabled });
}
