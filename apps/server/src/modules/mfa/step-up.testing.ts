// Test helpers: answering a step-up as a person does (an e-mailed code without a factor, or a passkey), and a sign-in's
// enrolment step. Not shipped code.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { StepUpRequired } from '@proxai/contract';
import type { Db } from '../../db/client';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { codeIn } from '../auth/auth.testing';
import { startMfaChallenge } from './challenges';
import { factorsOf, hasFactor } from './factors';
import { SoftAuthenticator } from './soft-authenticator';

export type Auth = { authorization: string };
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** How a test's person answers a step-up: an e-mailed code (someone without a factor) or their passkey. */
export type StepUpAnswer = { email: string } | { passkey: SoftAuthenticator };

/** A test's way to send a request as `auth` (none: anonymous), with a step-up proof in X-Step-Up when given. */
export const sender =
  (app: () => FastifyInstance) =>
  (auth: Auth | undefined, method: ApiRequest['method'], url: string, payload?: object, stepUp?: string) =>
    app().inject({ method, url, payload, headers: { ...auth, ...(stepUp ? { 'x-step-up': stepUp } : {}) } });

/**
 * Answers a step-up the portal asked of `auth` (`asked`, a 401 `step_up_required`'s body) as the person does: an
 * assertion of their passkey, or the code mailed to them (read from the test mailer's outbox). Answers the proof for
 * X-Step-Up; throws when it is refused.
 */
export async function proveStepUp(app: FastifyInstance, auth: Auth, answer: StepUpAnswer, asked: StepUpRequired) {
  let payload: Record<string, unknown>;
  if ('passkey' in answer) {
    if (!asked.webauthn) throw new Error(`the step-up offers no passkey: ${JSON.stringify(asked)}`);
    payload = { challenge: asked.challenge, webauthn_response: answer.passkey.get(asked.webauthn as never) };
  } else {
    const mailed = await app.inject({
      method: 'POST',
      url: '/api/auth/step-up/email',
      headers: auth,
      payload: { challenge: asked.challenge },
    });
    if (mailed.statusCode !== 200) throw new Error(`step-up e-mail refused: ${mailed.body}`);
    const code = codeIn(app.mailer.outbox.filter((m) => m.to === answer.email).at(-1)?.text ?? '');
    trackSecret(code);
    payload = { challenge: asked.challenge, code, method: 'email' };
  }
  const proof = await app.inject({ method: 'POST', url: '/api/auth/step-up', headers: auth, payload });
  if (proof.statusCode !== 200) throw new Error(`step-up refused: ${proof.body}`);
  const token = proof.json<{ step_up_token: string }>().step_up_token;
  trackSecret(token);
  return token;
}

/**
 * Sends a request; when it answers 401 `step_up_required`, proves the step-up (proveStepUp) and retries it with the
 * proof in X-Step-Up. Throws when the proof is refused.
 */
export async function withStepUp(app: FastifyInstance, auth: Auth, answer: StepUpAnswer, request: ApiRequest) {
  const send = (extra: Record<string, string> = {}) =>
    app.inject({ ...request, headers: { ...request.headers, ...auth, ...extra } });
  const first = await send();
  if (first.statusCode !== 401 || first.json<{ code?: string }>().code !== 'step_up_required') return first;
  return send({ 'x-step-up': await proveStepUp(app, auth, answer, first.json<StepUpRequired>()) });
}

/** `withStepUp` for someone without a second factor: an e-mailed code to `email`. */
export const withEmailStepUp = (app: FastifyInstance, auth: Auth, email: string, request: ApiRequest) =>
  withStepUp(app, auth, { email }, request);

/**
 * The second step of a sign-in that must enrol a factor, as admin-login or a code sign-in answers it to someone a
 * policy requires one of: its `mfa_token` as a bearer, for the enrolment routes (which need no step-up).
 */
export async function enrolmentBearer(db: Db, userId: string, method = 'password'): Promise<Auth> {
  const factors = await factorsOf(db, userId);
  if (hasFactor(factors)) throw new Error('this person has a second factor: a sign-in asks for it, not an enrolment');
  // An enrolment step offers no passkey to answer: neither the secret box nor the relying party is used.
  const deps = { db, box: undefined as never, rp: () => undefined as never };
  const answer = await startMfaChallenge(deps, userId, method, factors);
  trackSecret(answer.mfa_token);
  return { authorization: `Bearer ${answer.mfa_token}` };
}

/**
 * Registers a software passkey through `auth` (an enrolment step's bearer, or a session that needs no step-up) and
 * answers it. `inject` sends `Host: localhost:80`: the relying party is `localhost`, the origin `http://localhost`.
 */
export async function enrolPasskey(app: FastifyInstance, auth: Auth, name = 'Test key'): Promise<SoftAuthenticator> {
  const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: auth });
  if (options.statusCode !== 200) throw new Error(`passkey options refused: ${options.body}`);
  const key = new SoftAuthenticator('http://localhost');
  const added = await app.inject({
    method: 'POST',
    url: '/api/auth/passkeys',
    headers: auth,
    payload: { name, response: key.create(options.json()) },
  });
  if (added.statusCode !== 201) throw new Error(`passkey refused: ${added.body}`);
  const answer = added.json<{ recovery_codes: string[] | null; access_token?: string }>();
  trackSecret(...(answer.recovery_codes ?? []), ...(answer.access_token ? [answer.access_token] : []));
  return key;
}

const TOTP_PERIOD_MS = 30_000;
/** The TOTP code of a time step (what an authenticator app shows during that step). */
export const totpCode = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: step * TOTP_PERIOD_MS,
  });
/** The current 30-second TOTP step (each is accepted once per account, so tests use later ones after it). */
export const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

/**
 * A platform administrator as the portal has them: with a second factor (a passkey, enrolled at their first sign-in)
 * that answers their step-ups (an e-mailed code never does for them). `stepUp` sends a request, answering its step-up.
 */
export async function buildPlatformAdmin(app: FastifyInstance, db: Db, overrides: Parameters<typeof buildUser>[1] = {}) {
  const admin = await buildUser(db, { role: 'admin', organisationId: null, ...overrides });
  const passkey = await enrolPasskey(app, await enrolmentBearer(db, admin.user.id));
  return { ...admin, passkey, stepUp: (request: ApiRequest) => withStepUp(app, admin.auth, { passkey }, request) };
}
