import type { ApiKeyCreate } from '@proxai/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { invalidateApiKeys } from './api-keys';

/**
 * POST /api-keys: a new key and its secret, answered this once (the server keeps only its hash). It asks for a
 * second factor first (step-up): the api client asks and retries, this hook only sees the final answer. Refusals:
 * 403 `forbidden` (a scope beyond the creator's rights), 403 `plan_required` (the Free plan), 400 with `errors`.
 * The caller resets the mutation once the secret is put away, so it does not stay in the mutation cache.
 */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) => apiCall('POST', '/api-keys', { body: input }),
    onSuccess: () => invalidateApiKeys(client),
  });
}
