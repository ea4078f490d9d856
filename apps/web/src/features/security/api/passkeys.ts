import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, NetworkError } from '@/lib/api-client';
import type { PasskeyAdded } from '@proxai/contract';
import { mfaQuery } from './mfa';

// Passkeys: add one (the server's options, the browser's ceremony, the answer back), rename, remove (step-up).

function useInvalidateMfa() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: mfaQuery.queryKey });
}

/**
 * POST /auth/passkeys answers 201 with the new passkey and, when it is the person's first second factor, their ten
 * recovery codes (shown only now), else null (PasskeyAddedSchema; a signed-in person gets no new session).
 */
export type { PasskeyAdded };

/**
 * Registers a passkey named `name`: the browser asks the person (a NotAllowedError when they cancel or it times
 * out, an InvalidStateError when this authenticator is already registered).
 */
export async function addPasskey(name: string): Promise<PasskeyAdded> {
  const optionsJSON = await apiCall('POST', '/auth/passkeys/options');
  if (!isCreationOptions(optionsJSON)) throw new NetworkError('Unexpected answer from the server: no passkey options');
  const response = await startRegistration({ optionsJSON });
  const answer = await apiCall('POST', '/auth/passkeys', { body: { name, response: { ...response } } });
  return { passkey: answer.passkey, recovery_codes: answer.recovery_codes ?? null };
}

/**
 * The document types the registration options only as WebAuthn JSON (an object made by @simplewebauthn/server, read
 * by @simplewebauthn/browser): they are taken as such once they hold a challenge and a relying party.
 */
function isCreationOptions(
  options: Record<string, unknown>,
): options is Record<string, unknown> & PublicKeyCredentialCreationOptionsJSON {
  return typeof options.challenge === 'string' && typeof options.rp === 'object' && options.rp !== null;
}

export function useAddPasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({ mutationFn: addPasskey, onSuccess: invalidate });
}

export function useRenamePasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiCall('PATCH', '/auth/passkeys/{id}', { path: { id }, body: { name } }),
    onSuccess: invalidate,
  });
}

/** 409 `mfa_required_by_policy` when it is the last factor and a policy requires one. */
export function useRemovePasskey() {
  const invalidate = useInvalidateMfa();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', '/auth/passkeys/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}
