import type { RestoreTestCreate } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateBackups } from './backups-keys';

/** POST /restore-tests: a restore test now, a task the task panel follows; the answer names the test. */
export function useRunRestoreTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreTestCreate) => apiCall('POST', '/restore-tests', { body }),
    onSuccess: () => invalidateBackups(client),
  });
}
