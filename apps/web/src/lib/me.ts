import type { AuthUser } from '@proxai/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from './api-client';

// GET /auth/me: who the person is, their organisations and the permissions they hold in the one the session acts in,
// as the server computes them. The account menu's organisation switcher, the API keys' scopes and the automation's
// time zone all read it: here, under one key, so that the page and its header ask once, and a switch of organisation
// or a changed profile is seen everywhere.
//
// Two reads of /auth/me stay outside this cache on purpose: the sign-in page's session probe (features/auth, a public
// page that never loads the query cache, and whose 401 must not sign anyone out) and the invitation's read right after
// accepting (the session has just changed organisation; its answer is put here once the cache is emptied).

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => apiCall('GET', '/auth/me', { signal }),
  staleTime: 5 * 60_000,
});

/** The person; `enabled` false waits (e.g. the account menu asks once the browser is idle). */
export function useMe(enabled = true) {
  return useQuery({ ...meQuery, enabled });
}

/**
 * Puts the person's own fields (an AuthUser, as PATCH /auth/me answers it, or some of them) into the cached answer,
 * keeping its organisations and permissions; nothing when it has not been read.
 */
export function updateMe(client: QueryClient, fields: Partial<AuthUser>): void {
  client.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, ...fields } : me));
}
