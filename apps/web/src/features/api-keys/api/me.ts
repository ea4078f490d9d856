import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * GET /auth/me: who the person is and the permissions they hold in the organisation the session acts in, as the
 * server computes them. The same query as the account menu's organisation switcher (components/account-menu.tsx,
 * key and answer alike), so the page and its header ask once; a switch of organisation there updates it here.
 */
export const meQuery = queryOptions({
  queryKey: ['account', 'me'],
  queryFn: ({ signal }) => apiCall('GET', '/auth/me', { signal }),
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}
