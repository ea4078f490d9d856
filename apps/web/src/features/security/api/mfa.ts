import type { MfaStatus, RecoveryCodes, TotpSetup } from '@proxai/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The signed-in person's second factors: GET /auth/mfa (what is set up), the authenticator app (setup, confirm,
// remove) and the recovery codes (a new set). Removing and renewing may ask for a step-up (the global prompt).

export const SECURITY_KEY = ['security'] as const;

export const mfaQuery = queryOptions({
  queryKey: [...SECURITY_KEY, 'mfa'],
  queryFn: async ({ signal }) => (await api('/auth/mfa', { signal })) as MfaStatus,
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
    mutationFn: async () => (await api('/auth/mfa/totp/setup', { method: 'POST' })) as TotpSetup,
  });
}

/** Turns the authenticator app on with a first code; answers the ten recovery codes, shown once. */
export function useConfirmTotp() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api('/auth/mfa/totp/confirm', { method: 'POST', body: { code } })) as RecoveryCodes,
    onSuccess: invalidate,
  });
}

/** 409 `mfa_required_by_policy` when it is the last factor and a policy requires one. */
export function useRemoveTotp() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: () => api('/auth/mfa/totp', { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** A new set of recovery codes (the old ones stop working), shown once. */
export function useNewRecoveryCodes() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: async () => (await api('/auth/mfa/recovery-codes', { method: 'POST' })) as RecoveryCodes,
    onSuccess: invalidate,
  });
}
