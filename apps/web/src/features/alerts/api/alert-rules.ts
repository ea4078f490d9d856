import type { AlertRuleSetInput } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { ALERTS_KEY } from './alerts';

// The organisation's rule set: GET /alert-rules (the defaults on first read), PUT /alert-rules (the whole set).

export const alertRulesQuery = queryOptions({
  queryKey: [...ALERTS_KEY, 'rules'],
  queryFn: ({ signal }) => apiCall('GET', '/alert-rules', { signal }),
});

export function useAlertRules() {
  return useQuery(alertRulesQuery);
}

export function useSaveAlertRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRuleSetInput) => apiCall('PUT', '/alert-rules', { body: input }),
    onSuccess: (set) => client.setQueryData(alertRulesQuery.queryKey, set),
  });
}
