import type { InviteCreate } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { MEMBERS_KEY } from './members';

// The organisation's pending invitations (GET /invites), a new one (POST /invites: mailed to the address) and
// revoking one (DELETE /invites/{id}). Only members who manage members read them.

const INVITES_KEY = [...MEMBERS_KEY, 'invites'] as const;

export const invitesQuery = queryOptions({
  queryKey: INVITES_KEY,
  queryFn: ({ signal }) => apiCall('GET', '/invites', { signal }),
});

export function useInvites(enabled: boolean) {
  return useQuery({ ...invitesQuery, enabled });
}

/** Pending invitations count toward the plan's member limit, so the members' query is asked again too. */
export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteCreate) => apiCall('POST', '/invites', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/invites/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
