import type { LogoutAllResponse, SessionInfo } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SECURITY_KEY } from './mfa';

// The person's open sessions (browsers and devices signed in): list, sign one out, sign out everywhere.

export const sessionsQuery = queryOptions({
  queryKey: [...SECURITY_KEY, 'sessions'],
  queryFn: async ({ signal }) => (await api('/auth/sessions', { signal })) as SessionInfo[],
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** Ends every session of the person, this one included (a 401 when this one had already ended). */
export async function logoutEverywhere(): Promise<LogoutAllResponse> {
  return (await api('/auth/logout-all', { method: 'POST', skipUnauthorizedHandler: true })) as LogoutAllResponse;
}
