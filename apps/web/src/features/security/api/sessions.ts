import type { LogoutAllResponse } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SECURITY_KEY } from './mfa';

// The person's open sessions (browsers and devices signed in): list, sign one out, sign out everywhere.

export const sessionsQuery = queryOptions({
  queryKey: [...SECURITY_KEY, 'sessions'],
  queryFn: ({ signal }) => apiCall('GET', '/auth/sessions', { signal }),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/auth/sessions/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

/** Ends every session of the person, this one included (a 401 when this one had already ended). */
export async function logoutEverywhere(): Promise<LogoutAllResponse> {
  return apiCall('POST', '/auth/logout-all', { skipUnauthorizedHandler: true });
}
