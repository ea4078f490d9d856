import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import type { SecretBox } from '../pve/secret-box';
import { sha256Hex } from '../auth/codes';
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  findPasskeyByCredential,
  findTotp,
  listPasskeys,
  touchPasskey,
  useRecoveryCode,
  type PasskeyRow,
} from './mfa.repository';

// Second factors (DESIGN.md §15): TOTP (RFC 6238, SHA-1, 6 digits, 30 s), recovery codes, passkeys.

export const TOTP_ISSUER = 'ProxAI';
const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;

/** The WebAuthn relying party: its id is the portal's host name, its origin the address people open. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(baseUrl: string): RelyingParty {
  const url = new URL(baseUrl);
  return { id: url.hostname, origin: url.origin, name: 'ProxAI' };
}

export function newTotp(email: string): { secret: string; url: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret });
  return { secret: secret.base32, url: totp.toString() };
}

/** The time step a code belongs to (this one or its neighbours, for clock drift), or null when it matches none. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes `xxxxx-xxxxx` (about 49 bits each); only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter when typing a recovery code. */
export const hashRecoveryCode = (code: string) => sha256Hex(`recovery:${code.toLowerCase().replace(/[\s-]/g, '')}`);

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code.trim());

export interface Factors {
  totp: boolean;
  passkeys: PasskeyRow[];
  recoveryCodesLeft: number;
}

export async function factorsOf(db: Db, userId: string): Promise<Factors> {
  const [totp, keys, left] = await Promise.all([
    findTotp(db, userId),
    listPasskeys(db, userId),
    countRecoveryCodesLeft(db, userId),
  ]);
  return { totp: Boolean(totp?.confirmedAt), passkeys: keys, recoveryCodesLeft: left };
}

export const hasFactor = (f: Factors) => f.totp || f.passkeys.length > 0;

/** Options for navigator.credentials.get with the person's passkeys; its challenge must be kept for the check. */
export async function passkeyRequestOptions(
  rp: RelyingParty,
  keys: PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports ?? undefined })),
  });
}

const wrongFactor = (detail = errorText('mfa.codeWrongOrUsed')) => new AppError('invalid_factor', detail);

/** Checks a 6-digit TOTP code; each time step is accepted once. */
export async function verifyTotpCode(db: Db, box: SecretBox, userId: string, code: string, now: Date): Promise<void> {
  const factor = await findTotp(db, userId);
  if (!factor?.confirmedAt) throw wrongFactor(errorText('mfa.noTotpForAccount'));
  const step = totpStepOf(box.open(factor.secretSealed), code.trim(), now);
  if (step === null || !(await claimTotpStep(db, userId, step))) throw wrongFactor();
}

export async function verifyRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<void> {
  if (!(await useRecoveryCode(db, userId, hashRecoveryCode(code), now))) throw wrongFactor(errorText('mfa.recoveryWrong'));
}

/**
 * Checks a passkey assertion against the challenge given with the options. With `userId`, the passkey must be
 * one of that person's (second factor, step-up); without, it names the person (sign-in without e-mail).
 * Answers the passkey's owner.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  rp: RelyingParty,
  input: { response: Record<string, unknown>; expectedChallenge: string; userId?: string; requireUserVerification: boolean },
  now: Date,
): Promise<string> {
  const response = input.response as unknown as AuthenticationResponseJSON;
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const key = credentialId ? await findPasskeyByCredential(db, credentialId) : undefined;
  if (!key || (input.userId && key.userId !== input.userId)) throw wrongFactor(errorText('mfa.passkeyNotRegistered'));
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: input.requireUserVerification,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
        transports: key.transports ?? undefined,
      },
    });
  } catch (err) {
    throw new AppError('invalid_factor', errorText('mfa.passkeyAnswerUnverified'), { cause: err });
  }
  if (!verified.verified) throw wrongFactor(errorText('mfa.passkeyAnswerUnverified'));
  await touchPasskey(db, key.id, verified.authenticationInfo.newCounter, now);
  return key.userId;
}
