import type { RestoreRequest } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** POST /backups/restore: a restore to a new VMID or over the original guest, a task the task panel follows. */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: (body: RestoreRequest) => apiCall('POST', '/backups/restore', { body }),
  });
}
