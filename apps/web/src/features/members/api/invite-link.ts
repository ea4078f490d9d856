import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

// The mailed link /invite/{token}: what it invites to (GET /invites/{token}, no session needed; 404 once unknown,
// expired, used or revoked) and accepting it (POST /invites/{token}/accept, signed in as the invited address only).
// Accepting already switches the session to the organisation; GET /auth/me then says who the person now is there.

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: ['invite-link', token],
    queryFn: ({ signal }) => apiCall('GET', '/invites/{token}', { path: { token }, signal, skipUnauthorizedHandler: true }),
    // A 404 will not change by asking again.
    retry: false,
  });
}

/**
 * Accepts, then reads the person as the session now sees them (in the organisation joined): `me` is null when that
 * read failed, the invitation being accepted all the same (its link is used up: no second try). Read directly, not
 * through the cache's GET /auth/me (lib/me.ts): a cached or running read would be the previous organisation's, and
 * the cache is emptied right after; the caller puts this answer there then.
 */
export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: async () => {
      const accepted = await apiCall('POST', '/invites/{token}/accept', { path: { token }, skipUnauthorizedHandler: true });
      const me = await apiCall('GET', '/auth/me', { skipUnauthorizedHandler: true }).catch(() => null);
      return { accepted, me };
    },
  });
}
