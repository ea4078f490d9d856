import type { VmAction } from '@proxai/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { useReloadDashboard } from './dashboard-queries';

export interface VmActionInput {
  id: string;
  vmid: number;
  action: VmAction;
}

/**
 * Start/stop/restart; the server answers when the PVE task has ended, so the guest stays "pending" for the
 * whole request. Several guests can be pending at once.
 */
export function useVmAction(callbacks: {
  onSuccess: (input: VmActionInput) => void;
  onError: (input: VmActionInput, error: unknown) => void;
}) {
  const reload = useReloadDashboard();
  const [pending, setPending] = useState<ReadonlyMap<string, VmAction>>(new Map());
  const mutation = useMutation({
    mutationFn: (input: VmActionInput) =>
      api(`/vms/${input.id}/action`, { method: 'POST', body: { action: input.action, vmid: input.vmid } }),
    onMutate: (input) => setPending((m) => new Map(m).set(input.id, input.action)),
    onSuccess: (_data, input) => callbacks.onSuccess(input),
    onError: (error, input) => callbacks.onError(input, error),
    onSettled: async (_d, _e, input) => {
      await reload();
      setPending((m) => {
        const next = new Map(m);
        next.delete(input.id);
        return next;
      });
    },
  });
  return { run: mutation.mutate, pending };
}
