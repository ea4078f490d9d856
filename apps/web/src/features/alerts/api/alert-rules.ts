import type { AlertRuleSet, AlertRuleSetInput, Host } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ALERTS_KEY } from './alerts';

// The organisation's rule set: GET /alert-rules (the defaults on first read), PUT /alert-rules (the whole set).

export const alertRulesQuery = queryOptions({
  queryKey: [...ALERTS_KEY, 'rules'],
  queryFn: async ({ signal }) => (await api('/alert-rules', { signal })) as AlertRuleSet,
});

export function useAlertRules() {
  return useQuery(alertRulesQuery);
}

export function useSaveAlertRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertRuleSetInput) => (await api('/alert-rules', { method: 'PUT', body: input })) as AlertRuleSet,
    onSuccess: (set) => client.setQueryData(alertRulesQuery.queryKey, set),
  });
}

/** The hosts, to scope a rule or a channel to some of them. */
export const alertHostsQuery = queryOptions({
  queryKey: [...ALERTS_KEY, 'hosts'],
  queryFn: async ({ signal }) => (await api('/hosts', { signal })) as Host[],
  staleTime: 60_000,
});

/** The hosts; `enabled` false waits (a form asks only once someone scopes by host). */
export function useAlertHosts(enabled = true) {
  return useQuery({ ...alertHostsQuery, enabled });
}
