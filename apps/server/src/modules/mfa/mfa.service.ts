import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { MfaStatus, Passkey } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { sha256Hex } from '../auth/codes';
import type { SecretBox } from '../pve/secret-box';
import { policyRequiresMfa } from '../teams/teams.repository';
import type { FactorDeps } from './challenges';
import { factorsOf, hasFactor, hashRecoveryCode, newRecoveryCodes, newTotp, totpStepOf, type RelyingParty } from './factors';
import {
  claimTotpStep,
  consumeChallenge,
  deletePasskey,
  deleteRecoveryCodes,
  deleteTotp,
  findLiveChallenge,
  findTotp,
  insertChallenge,
  insertPasskey,
  replaceRecoveryCodes,
  upsertPendingTotp,
  type PasskeyRow,
} from './mfa.repository';

const REGISTRATION_TTL_MS = 5 * 60_000;

export const toPasskeyDto = (k: PasskeyRow): Passkey => ({
  id: k.id,
  name: k.name,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

/** Who requires this person to keep a second factor. */
export async function requiredBy(db: Db, user: { id: string; role: 'admin' | 'user' }): Promise<MfaStatus['required_by']> {
  if (user.role === 'admin') return 'platform';
  return (await policyRequiresMfa(db, user.id)) ? 'organisation' : null;
}

export async function mfaStatus(db: Db, user: { id: string; role: 'admin' | 'user' }): Promise<MfaStatus> {
  const factors = await factorsOf(db, user.id);
  return {
    totp: factors.totp,
    passkeys: factors.passkeys.map(toPasskeyDto),
    recovery_codes_left: factors.recoveryCodesLeft,
    required_by: await requiredBy(db, user),
  };
}

/** A new TOTP secret, pending until a first code confirms it; refused while one is confirmed (remove it first). */
export async function setUpTotp(db: Db, box: SecretBox, user: { id: string; email: string }) {
  const current = await findTotp(db, user.id);
  if (current?.confirmedAt) throw new AppError('conflict', errorText('mfa.totpExists'));
  const { secret, url } = newTotp(user.email);
  await upsertPendingTotp(db, user.id, box.seal(secret));
  return { secret, otpauth_url: url };
}

async function freshRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Confirms the pending secret with a first code. The first factor also brings ten recovery codes; a factor added
 * beside another keeps the person's codes (answers none): adding a factor never hands out codes that replace them.
 */
export async function confirmTotp(
  db: Db,
  box: SecretBox,
  user: { id: string; email: string },
  code: string,
  ip?: string,
): Promise<string[]> {
  const pending = await findTotp(db, user.id);
  if (!pending || pending.confirmedAt) throw new AppError('invalid_state', errorText('mfa.totpFirst'));
  const firstFactor = !hasFactor(await factorsOf(db, user.id));
  const now = new Date();
  const step = totpStepOf(box.open(pending.secretSealed), code.trim(), now);
  if (step === null || !(await claimTotpStep(db, user.id, step, now))) {
    throw new AppError('invalid_factor', errorText('mfa.totpWrong'));
  }
  const codes = firstFactor ? await freshRecoveryCodes(db, user.id) : [];
  await recordAudit(db, { action: 'mfa.totp_enabled', outcome: 'success', actorId: user.id, actorEmail: user.email, ip });
  return codes;
}

export async function regenerateRecoveryCodes(db: Db, user: { id: string; email: string }, ip?: string) {
  const factors = await factorsOf(db, user.id);
  if (!hasFactor(factors)) throw new AppError('invalid_state', errorText('mfa.recoveryNeedsFactor'));
  const codes = await freshRecoveryCodes(db, user.id);
  await recordAudit(db, { action: 'mfa.recovery_regenerated', outcome: 'success', actorId: user.id, actorEmail: user.email, ip });
  return codes;
}

/** Refuses removing the last factor of someone a policy requires one of. */
async function keepRequiredFactor(db: Db, user: { id: string; role: 'admin' | 'user' }, remaining: number) {
  if (remaining > 0) return;
  const by = await requiredBy(db, user);
  if (by) {
    throw new AppError(
      'mfa_required_by_policy',
      errorText(by === 'platform' ? 'mfa.adminsKeepFactor' : 'mfa.organisationKeepsFactor'),
    );
  }
}

export async function removeTotp(db: Db, user: { id: string; email: string; role: 'admin' | 'user' }, ip?: string) {
  const factors = await factorsOf(db, user.id);
  if (!factors.totp) throw new AppError('not_found', errorText('mfa.noTotp'));
  await keepRequiredFactor(db, user, factors.passkeys.length);
  await deleteTotp(db, user.id);
  if (factors.passkeys.length === 0) await deleteRecoveryCodes(db, user.id);
  await recordAudit(db, { action: 'mfa.totp_disabled', outcome: 'success', actorId: user.id, actorEmail: user.email, ip });
}

export async function removePasskey(
  db: Db,
  user: { id: string; email: string; role: 'admin' | 'user' },
  id: string,
  ip?: string,
): Promise<{ name: string }> {
  const factors = await factorsOf(db, user.id);
  const passkey = factors.passkeys.find((k) => k.id === id);
  if (!passkey) throw new AppError('not_found', errorText('notFound.passkey'));
  await keepRequiredFactor(db, user, factors.passkeys.length - 1 + (factors.totp ? 1 : 0));
  await deletePasskey(db, user.id, id);
  if (!factors.totp && factors.passkeys.length === 1) await deleteRecoveryCodes(db, user.id);
  await recordAudit(db, {
    action: 'mfa.passkey_removed',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    ip,
    target: id,
  });
  return { name: passkey.name };
}

/** Options for navigator.credentials.create: a discoverable credential (it can sign in without an e-mail). */
export async function passkeyRegistrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const factors = await factorsOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: factors.passkeys.map((k) => ({ id: k.credentialId })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await insertChallenge(db, {
    purpose: 'passkey_register',
    tokenHash: sha256Hex(`register:${options.challenge}`),
    userId: user.id,
    webauthnChallenge: options.challenge,
    expiresAt: new Date(Date.now() + REGISTRATION_TTL_MS),
  });
  return options;
}

/** The challenge a WebAuthn response answers, read from its clientDataJSON. */
function challengeOf(response: Record<string, unknown>): string | undefined {
  const inner = response.response as { clientDataJSON?: unknown } | undefined;
  if (typeof inner?.clientDataJSON !== 'string') return undefined;
  try {
    const data = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Registers a passkey from the browser's answer to options this server gave this person (once). */
export async function registerPasskey(
  deps: FactorDeps,
  user: { id: string; email: string },
  input: { name: string; response: Record<string, unknown> },
  ip?: string,
): Promise<{ passkey: Passkey; firstFactor: boolean; recoveryCodes: string[] | null }> {
  const { db } = deps;
  const now = new Date();
  const challenge = challengeOf(input.response);
  const row = challenge ? await findLiveChallenge(db, 'passkey_register', sha256Hex(`register:${challenge}`), now) : undefined;
  if (!row || row.userId !== user.id || !(await consumeChallenge(db, row.id, now))) {
    throw new AppError('invalid_factor', errorText('mfa.registrationExpired'));
  }
  const rp = deps.rp();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: row.webauthnChallenge ?? '',
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (err) {
    throw new AppError('invalid_factor', errorText('mfa.passkeyUnverified'), { cause: err });
  }
  if (!verified.verified) throw new AppError('invalid_factor', errorText('mfa.passkeyUnverified'));
  const before = await factorsOf(db, user.id);
  const { credential } = verified.registrationInfo;
  const key = await insertPasskey(db, {
    userId: user.id,
    name: input.name,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? null,
  });
  if (!key) throw new AppError('conflict', errorText('mfa.passkeyExists'));
  const firstFactor = !hasFactor(before);
  const recoveryCodes = firstFactor ? await freshRecoveryCodes(db, user.id) : null;
  await recordAudit(db, {
    action: 'mfa.passkey_added',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    ip,
    target: key.id,
  });
  return { passkey: toPasskeyDto(key), firstFactor, recoveryCodes };
}
