import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

// The organisation's API keys (GET /api-keys), newest first; revoked and expired ones stay listed, marked.

export const API_KEYS_KEY = ['api-keys'] as const;

export const apiKeysQuery = queryOptions({
  queryKey: [...API_KEYS_KEY, 'list'],
  queryFn: ({ signal }) => apiCall('GET', '/api-keys', { signal }),
});

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
