import type { BackupPage } from '@proxai/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';
import { backupsPath, type BackupFilter } from './backups-path';

/** The inventory, newest first, a page at a time (GET /backups with its cursor); the first page may be on its way. */
export function backupsQuery(filter: BackupFilter) {
  return infiniteQueryOptions({
    queryKey: [...BACKUPS_KEY, 'list', filter],
    queryFn: async ({ signal, pageParam }) =>
      (await api(backupsPath(filter, pageParam), { signal, early: pageParam === undefined })) as BackupPage,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useBackups(filter: BackupFilter, enabled = true) {
  return useInfiniteQuery({ ...backupsQuery(filter), enabled });
}
