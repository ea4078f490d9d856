import type { OrgRole } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, ApprovalPendingError } from '@/lib/api-client';
import { getStoredUser, storeUser } from '@/lib/auth-storage';
import { logOut } from './log-out';

// The organisation's members (GET /members, with the plan's member limit), a member's role (PATCH /members/{id}),
// removing one (DELETE /members/{id}) and leaving (POST /members/leave). Changing and removing may ask for a second
// factor first (step-up): the api client asks and retries, these hooks only see the final answer. Both may also be
// held for another member's approval (ApprovalPendingError): nothing changed yet, but the approvals list has grown.

export const MEMBERS_KEY = ['members'] as const;

export const membersQuery = queryOptions({
  queryKey: [...MEMBERS_KEY, 'list'],
  queryFn: ({ signal }) => apiCall('GET', '/members', { signal }),
});

export function useMembers() {
  return useQuery(membersQuery);
}

function useInvalidateMembers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: MEMBERS_KEY });
}

/** After a change held for approval: the members' queries (the approvals among them) are read again. */
function useInvalidateWhenHeld() {
  const invalidate = useInvalidateMembers();
  return (error: Error) => (error instanceof ApprovalPendingError ? invalidate() : undefined);
}

/** Gives a member another role; one's own new role is stored with the session (what the pages show follows it). */
export function useChangeRole() {
  const invalidate = useInvalidateMembers();
  const onError = useInvalidateWhenHeld();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) =>
      apiCall('PATCH', '/members/{user_id}', { path: { user_id: userId }, body: { role } }),
    onSuccess: (member) => {
      const stored = getStoredUser();
      if (stored && stored.id === member.user_id) storeUser({ ...stored, org_role: member.role });
      return invalidate();
    },
    onError,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  const onError = useInvalidateWhenHeld();
  return useMutation({
    mutationFn: (userId: string) => apiCall('DELETE', '/members/{user_id}', { path: { user_id: userId } }),
    onSuccess: invalidate,
    onError,
  });
}

/**
 * The signed-in person leaves the organisation (409 `last_owner` for its last owner), then this browser's session
 * ends on the server as signing out does; the caller forgets the local copy.
 */
export function useLeaveOrganisation() {
  return useMutation({
    mutationFn: async () => {
      const answer = await apiCall('POST', '/members/leave');
      await logOut();
      return answer;
    },
  });
}
