import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

// The signed-in person's second factors: GET /auth/mfa (what is set up), the authenticator app (setup, confirm,
// remove) and the recovery codes (a new set). Removing and renewing may ask for a step-up (the global prompt).

export const SECURITY_KEY = ['security'] as const;

export const mfaQuery = queryOptions({
  queryKey: [...SECURITY_KEY, 'mfa'],
  queryFn: ({ signal }) => apiCall('GET', '/auth/mfa', { signal }),
});

export function useMfaStatus() {
  return useQuery(mfaQuery);
}

function useInvalidateMfa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mfaQuery.queryKey });
}

/** A new, not yet active secret: the app reads it from the QR code, then proves it with a code (confirm). */
export function useSetUpTotp() {
  return useMutation({
    mutationFn: () => apiCall('POST', '/auth/mfa/totp/setup'),
  });
}

/** Turns the authenticator app on with a first code; answers the ten recovery codes, shown once. */
export function useConfirmTotp() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: (code: string) => apiCall('POST', '/auth/mfa/totp/confirm', { body: { code } }),
    onSuccess: invalidate,
  });
}

/** 409 `mfa_required_by_policy` when it is the last factor and a policy requires one. */
export function useRemoveTotp() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: () => apiCall('DELETE', '/auth/mfa/totp'),
    onSuccess: invalidate,
  });
}

/** A new set of recovery codes (the old ones stop working), shown once. */
export function useNewRecoveryCodes() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: () => apiCall('POST', '/auth/mfa/recovery-codes'),
    onSuccess: invalidate,
  });
}
