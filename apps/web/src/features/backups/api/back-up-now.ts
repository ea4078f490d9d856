import type { BackupNow } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateBackups } from './backups-keys';

/** POST /vms/{id}/backup: "Back up now", a task the task panel follows. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ guestId, body }: { guestId: string; body: Partial<BackupNow> }) =>
      apiCall('POST', '/vms/{id}/backup', { path: { id: guestId }, body }),
    onSuccess: () => invalidateBackups(client),
  });
}
