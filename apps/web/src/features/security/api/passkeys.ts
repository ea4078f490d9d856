import type { Passkey } from '@proxai/contract';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mfaQuery } from './mfa';

// Passkeys: add one (the server's options, the browser's ceremony, the answer back), rename, remove (step-up).

function useInvalidateMfa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mfaQuery.queryKey });
}

/**
 * POST /auth/passkeys answers 201 with the new passkey and, when it is the person's first second factor, their ten
 * recovery codes (shown only now), else null. (The route declares this shape inline: the contract has no schema.)
 */
import type { PasskeyAdded } from '@proxai/contract';

export type { PasskeyAdded };

/**
 * Registers a passkey named `name`: the browser asks the person (a NotAllowedError when they cancel or it times
 * out, an InvalidStateError when this authenticator is already registered).
 */
export async function addPasskey(name: string): Promise<PasskeyAdded> {
  const optionsJSON = (await api('/auth/passkeys/options', { method: 'POST' })) as PublicKeyCredentialCreationOptionsJSON;
  const response = await startRegistration({ optionsJSON });
  const answer = (await api('/auth/passkeys', { method: 'POST', body: { name, response } })) as PasskeyAdded;
  return { passkey: answer.passkey, recovery_codes: answer.recovery_codes ?? null };
}

export function useAddPasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({ mutationFn: addPasskey, onSuccess: invalidate });
}

export function useRenamePasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      (await api(`/auth/passkeys/${id}`, { method: 'PATCH', body: { name } })) as Passkey,
    onSuccess: invalidate,
  });
}

/** 409 `mfa_required_by_policy` when it is the last factor and a policy requires one. */
export function useRemovePasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: (id: string) => api(`/auth/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
