import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { hostsQuery } from '@/lib/fleet-reads';

// The organisation's API keys (GET /api-keys), newest first; revoked and expired ones stay listed, marked.

export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQuery = queryOptions({
  queryKey: [...API_KEYS_KEY, 'list'],
  queryFn: ({ signal }) => apiCall('GET', '/api-keys', { signal }),
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** After a key was created or revoked: the list, and the hosts a key may be narrowed to (GET /hosts, lib/fleet-reads). */
export function invalidateApiKeys(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: API_KEYS_KEY }),
    client.invalidateQueries({ queryKey: hostsQuery.queryKey }),
  ]);
}
