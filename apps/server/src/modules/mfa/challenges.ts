import type { MfaChallenge, StepUpRequired } from '@proxai/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { acceptedLanguage, message } from '../../i18n/messages';
import { hashesEqual, hashOtpCode, newOpaqueToken, sha256Hex } from '../auth/codes';
import type { SecretBox } from '../pve/secret-box';
import { canonicalJson } from '../../kernel/canonical-json';
import {
  factorsOf,
  hasFactor,
  isTotpShaped,
  passkeyRequestOptions,
  verifyPasskeyAssertion,
  verifyRecoveryCode,
  verifyTotpCode,
  type Factors,
  type RelyingParty,
} from './factors';
import {
  countChallengeAttempt,
  insertChallenge,
  markChallengeVerified,
  spendStepUpProof,
  type ChallengeRow,
} from './mfa.repository';
import { type AuthUser } from '../../kernel/principal';

// The server's one-time challenges: the second step of a sign-in and step-up checks bound to one request.

export const MFA_TOKEN_TTL_MS = 10 * 60_000;
/** A step-up challenge must be answered, and its proof used, within this time. */
export const STEP_UP_TTL_MS = 5 * 60_000;
/** Wrong answers a challenge takes before it is burnt. */
export const MAX_FACTOR_ATTEMPTS = 5;

export type FactorMethod = 'totp' | 'webauthn' | 'recovery' | 'email';

export interface FactorDeps {
  db: Db;
  box: SecretBox;
  /** The relying party of this request (its address), asked for only when passkeys are involved. */
  rp: () => RelyingParty;
}

function methodsOf(f: Factors): ('totp' | 'webauthn' | 'recovery')[] {
  return [
    ...(f.totp ? (['totp'] as const) : []),
    ...(f.passkeys.length ? (['webauthn'] as const) : []),
    ...(f.recoveryCodesLeft ? (['recovery'] as const) : []),
  ];
}

/**
 * The second step of a sign-in: `mfa_required` when the person has a factor, `mfa_enrolment_required` when a
 * policy requires one they do not have yet. `method` is the first step's (for the audit).
 */
export async function startMfaChallenge(
  deps: FactorDeps,
  userId: string,
  method: string,
  factors: Factors,
  now = new Date(),
): Promise<MfaChallenge> {
  const enrol = !hasFactor(factors);
  const token = newOpaqueToken();
  const webauthn = !enrol && factors.passkeys.length ? await passkeyRequestOptions(deps.rp(), factors.passkeys) : null;
  await insertChallenge(deps.db, {
    purpose: 'mfa',
    tokenHash: sha256Hex(token),
    userId,
    detail: enrol ? `enrol:${method}` : method,
    webauthnChallenge: webauthn?.challenge,
    expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS),
  });
  return {
    code: enrol ? 'mfa_enrolment_required' : 'mfa_required',
    mfa_token: token,
    methods: methodsOf(factors),
    webauthn: webauthn as unknown as Record<string, unknown> | null,
  };
}

export interface FactorProof {
  method?: FactorMethod;
  code?: string;
  webauthn_response?: Record<string, unknown>;
}

/**
 * Checks the proof given for a challenge: a passkey assertion for the challenge's own WebAuthn challenge, a
 * TOTP code (the default for 6 digits), a recovery code, or (step-up of someone without a factor) the e-mailed
 * code. A wrong answer counts against the challenge; MAX_FACTOR_ATTEMPTS burn it.
 */
export async function proveFactor(
  deps: FactorDeps,
  challenge: ChallengeRow,
  userId: string,
  proof: FactorProof,
  now = new Date(),
): Promise<FactorMethod> {
  try {
    if (proof.webauthn_response) {
      if (!challenge.webauthnChallenge) throw new AppError('invalid_factor', errorText('mfa.notPasskeyCheck'));
      await verifyPasskeyAssertion(
        deps.db,
        deps.rp(),
        {
          response: proof.webauthn_response,
          expectedChallenge: challenge.webauthnChallenge,
          userId,
          requireUserVerification: false,
        },
        now,
      );
      return 'webauthn';
    }
    const code = (proof.code ?? '').trim();
    const method = proof.method ?? (isTotpShaped(code) ? 'totp' : 'recovery');
    if (method === 'totp') await verifyTotpCode(deps.db, deps.box, userId, code, now);
    else if (method === 'recovery') await verifyRecoveryCode(deps.db, userId, code, now);
    else if (method === 'email') {
      if (!challenge.emailCodeHash || !hashesEqual(hashOtpCode(challenge.id, code), challenge.emailCodeHash))
        throw new AppError('invalid_factor', errorText('mfa.codeWrongOrExpired'));
    } else throw new AppError('invalid_factor', errorText('mfa.giveCodeOrPasskey'));
    return method;
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_factor')
      await countChallengeAttempt(deps.db, challenge.id, MAX_FACTOR_ATTEMPTS, now);
    throw err;
  }
}

/**
 * An e-mailed code stands in for a second factor only for people who have none yet, and never for a platform
 * administrator (who signs in with a password and a second factor: a mailbox alone must not confirm for them).
 */
export function refuseEmailToAdministrators(user: { role: 'admin' | 'user' }): void {
  if (user.role === 'admin') {
    throw new AppError('forbidden', errorText('mfa.adminsNeedFactor'));
  }
}

/** What a step-up proof is bound to: the request's method, path with query, and canonical JSON body. */
export function requestHash(method: string, url: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()} ${url}\n${canonicalJson(body ?? null)}`);
}

/**
 * Lets a sensitive request through only with a fresh step-up proof for exactly it (X-Step-Up), spending the
 * proof; otherwise answers 401 `step_up_required` with a new challenge bound to this request.
 */
export async function requireStepUp(deps: FactorDeps, request: FastifyRequest, user: AuthUser, now = new Date()): Promise<void> {
  const hash = requestHash(request.method, request.url, request.body);
  const header = request.headers['x-step-up'];
  const presented = typeof header === 'string' && header.length >= 20 && header.length <= 300;
  if (presented) {
    const proof = { proofHash: sha256Hex(header), userId: user.id, sessionId: user.sessionId, requestHash: hash };
    if (await spendStepUpProof(deps.db, proof, now)) return;
  }
  const factors = await factorsOf(deps.db, user.id);
  if (!hasFactor(factors)) refuseEmailToAdministrators(user);
  const challenge = newOpaqueToken();
  const webauthn = factors.passkeys.length ? await passkeyRequestOptions(deps.rp(), factors.passkeys) : null;
  await insertChallenge(deps.db, {
    purpose: 'step_up',
    tokenHash: sha256Hex(challenge),
    userId: user.id,
    sessionId: user.sessionId,
    requestHash: hash,
    webauthnChallenge: webauthn?.challenge,
    expiresAt: new Date(now.getTime() + STEP_UP_TTL_MS),
  });
  const body: Omit<StepUpRequired, 'detail' | 'code'> = {
    challenge,
    // Without a factor, an e-mailed code: the check is never skipped.
    methods: hasFactor(factors) ? methodsOf(factors) : ['email'],
    webauthn: webauthn as unknown as Record<string, unknown> | null,
  };
  const language = acceptedLanguage(request.headers['accept-language']);
  throw new AppError('step_up_required', message(language, presented ? 'stepUp.invalidProof' : 'stepUp.required'), {
    fields: body,
  });
}

/** Marks a step-up challenge answered and hands out its proof (once: a second answer to it is refused). */
export async function issueStepUpProof(
  db: Db,
  challenge: ChallengeRow,
  method: FactorMethod,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Math.min(challenge.expiresAt.getTime(), now.getTime() + STEP_UP_TTL_MS));
  const values = { verifiedAt: now, verifiedMethod: method, proofHash: sha256Hex(token), expiresAt };
  if (!(await markChallengeVerified(db, challenge.id, values)))
    throw new AppError('invalid_factor', errorText('mfa.alreadyAnswered'));
  return { token, expiresAt };
}
