import type { RestoreTest } from '@proxai/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiCall } from '@/lib/api-client';
import { BACKUPS_KEY } from './backups-keys';

const RUNNING_REFRESH_MS = 2_000;

export function restoreTestQuery(id: string) {
  return queryOptions({
    queryKey: [...BACKUPS_KEY, 'restore-tests', 'one', id],
    queryFn: ({ signal }) => apiCall('GET', '/restore-tests/{id}', { path: { id }, signal }),
  });
}

const isActive = (test: RestoreTest | undefined) => test?.status === 'queued' || test?.status === 'running';

/**
 * GET /restore-tests/{id}, polled while the test is queued or running. When it ends, the lists and the per-guest
 * summary (read while it ran) are read again.
 */
export function useRestoreTest(id: string) {
  const client = useQueryClient();
  const query = useQuery({
    ...restoreTestQuery(id),
    refetchInterval: (q) => (isActive(q.state.data) ? RUNNING_REFRESH_MS : false),
  });
  const wasActive = useRef(false);
  const active = isActive(query.data);
  useEffect(() => {
    if (wasActive.current && !active && query.data) {
      void client.invalidateQueries({
        queryKey: [...BACKUPS_KEY, 'restore-tests'],
        predicate: (q) => q.queryKey[2] === 'list' || q.queryKey[2] === 'summary',
      });
    }
    wasActive.current = active;
  }, [active, client, query.data]);
  return query;
}
