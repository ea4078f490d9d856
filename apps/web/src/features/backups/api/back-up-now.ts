import type { BackupNow, TaskAccepted } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateBackups } from './backups-keys';

/** POST /vms/{id}/backup: "Back up now", a task the task panel follows. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ guestId, body }: { guestId: string; body: Partial<BackupNow> }) =>
      (await api(`/vms/${guestId}/backup`, { method: 'POST', body })) as TaskAccepted,
    onSuccess: () => invalidateBackups(client),
  });
}
