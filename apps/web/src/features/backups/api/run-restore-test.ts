import type { RestoreTestAccepted, RestoreTestCreate } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBackups } from './backups-keys';

/** POST /restore-tests: a restore test now, a task the task panel follows; the answer names the test. */
export function useRunRestoreTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RestoreTestCreate) => (await api('/restore-tests', { method: 'POST', body })) as RestoreTestAccepted,
    onSuccess: () => invalidateBackups(client),
  });
}
