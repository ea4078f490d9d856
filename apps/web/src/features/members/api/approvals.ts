import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { MEMBERS_KEY } from './members';

// Four-eyes approvals: the requests held for another member's approval over the last 7 days (GET /approvals), and
// approving (the request then runs, as its requester; may ask for a step-up first) or denying one.

export const approvalsQuery = queryOptions({
  queryKey: [...MEMBERS_KEY, 'approvals'],
  queryFn: ({ signal }) => apiCall('GET', '/approvals', { signal }),
});

export function useApprovals() {
  return useQuery(approvalsQuery);
}

export type Decision = 'approve' | 'deny';

/**
 * Answers the request as it is now (done, failed with the run's detail, or denied). An approved request may have
 * changed anything (a host, guests, members): every query is read again, the list of approvals included.
 */
export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      apiCall('POST', `/approvals/{id}/${decision}`, { path: { id } }),
    onSuccess: (_approval, { decision }) =>
      decision === 'approve' ? client.invalidateQueries() : client.invalidateQueries({ queryKey: approvalsQuery.queryKey }),
    // E.g. 409 when someone else decided first or it expired: the list shows how it stands now.
    onError: () => client.invalidateQueries({ queryKey: approvalsQuery.queryKey }),
  });
}
