import type { SnapshotCreate } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';
import { waitForTask } from './vm-action';

// A guest's snapshots (GET /api/vms/{id}/snapshots) and the three tasks on them. Not under DASHBOARD_KEY: the
// fleet's events reload the dashboard, not every snapshot list opened meanwhile.

export const snapshotsQuery = (vmId: string) =>
  queryOptions({
    queryKey: ['snapshots', vmId],
    queryFn: async ({ signal }) => {
      const { items } = await apiCall('GET', '/vms/{id}/snapshots', { path: { id: vmId }, signal });
      // PVE's "current" is the running state, not a snapshot; newest first.
      return items
        .filter((s) => s.name !== 'current')
        .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || a.name.localeCompare(b.name));
    },
  });

export function useSnapshots(vmId: string) {
  return useQuery(snapshotsQuery(vmId));
}

export type SnapshotOperation =
  { kind: 'create'; snapshot: SnapshotCreate } | { kind: 'rollback'; name: string } | { kind: 'delete'; name: string };

function request(id: string, op: SnapshotOperation) {
  switch (op.kind) {
    case 'create':
      return apiCall('POST', '/vms/{id}/snapshots', { path: { id }, body: op.snapshot });
    case 'rollback':
      return apiCall('POST', '/vms/{id}/snapshots/{name}/rollback', { path: { id, name: op.name } });
    case 'delete':
      return apiCall('DELETE', '/vms/{id}/snapshots/{name}', { path: { id, name: op.name } });
  }
}

/**
 * Create, roll back or delete: each answers 202 with a task, followed here to its end (a failed one throws with
 * PVE's text); the list is read again then, and after a rollback the dashboard too (the guest's state may change).
 */
export function useSnapshotOperation(vmId: string) {
  const client = useQueryClient();
  const reload = useReloadDashboard();
  return useMutation({
    mutationFn: async (op: SnapshotOperation) => {
      const accepted = await request(vmId, op);
      return waitForTask(accepted.task_id);
    },
    onSettled: async (_d, _e, op) => {
      await client.invalidateQueries({ queryKey: snapshotsQuery(vmId).queryKey });
      if (op.kind === 'rollback') await reload();
    },
  });
}
