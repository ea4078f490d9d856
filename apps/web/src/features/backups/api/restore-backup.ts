import type { RestoreRequest, TaskAccepted } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /backups/restore: a restore to a new VMID or over the original guest, a task the task panel follows. */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: async (body: RestoreRequest) => (await api('/backups/restore', { method: 'POST', body })) as TaskAccepted,
  });
}
