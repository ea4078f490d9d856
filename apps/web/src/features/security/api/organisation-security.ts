import type { SecurityPolicy } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { SECURITY_KEY } from './mfa';

// The organisation's security policy (permission organisation.security): a second factor for every member, and the
// sensitive actions held for a second member's approval (the answer always lists them).

export const policyQuery = queryOptions({
  queryKey: [...SECURITY_KEY, 'policy'],
  queryFn: ({ signal }) => apiCall('GET', '/organisation/security', { signal }),
});

export function useSecurityPolicy() {
  return useQuery(policyQuery);
}

/** May ask for a step-up (the global prompt). */
export function useSaveSecurityPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: SecurityPolicy) => apiCall('PUT', '/organisation/security', { body: policy }),
    onSuccess: (policy) => client.setQueryData(policyQuery.queryKey, policy),
  });
}
