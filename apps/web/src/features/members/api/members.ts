import type { Member, MemberList, OrgRole } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApprovalPendingError } from '@/lib/api-client';
import { getStoredUser, storeUser } from '@/lib/auth-storage';
import { logOut } from './log-out';

// The organisation's members (GET /members, with the plan's member limit), a member's role (PATCH /members/{id}),
// removing one (DELETE /members/{id}) and leaving (POST /members/leave). Changing and removing may ask for a second
// factor first (step-up): the api client asks and retries, these hooks only see the final answer. Both may also be
// held for another member's approval (ApprovalPendingError): nothing changed yet, but the approvals list has grown.

export const MEMBERS_KEY = ['members'] as const;

export const membersQuery = queryOptions({
  queryKey: [...MEMBERS_KEY, 'list'],
  queryFn: async ({ signal }) => (await api('/members', { signal })) as MemberList,
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
    mutationFn: async ({ userId, role }: { userId: string; role: OrgRole }) =>
      (await api(`/members/${userId}`, { method: 'PATCH', body: { role } })) as Member,
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
    mutationFn: async (userId: string) => (await api(`/members/${userId}`, { method: 'DELETE' })) as { message: string },
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
      const answer = (await api('/members/leave', { method: 'POST' })) as { message: string };
      await logOut();
      return answer;
    },
  });
}
