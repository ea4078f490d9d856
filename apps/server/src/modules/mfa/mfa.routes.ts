import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  ErrorSchema,
  MessageSchema,
  MfaStatusSchema,
  MfaVerifySchema,
  PasskeyAddedSchema,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySchema,
  PasskeySignInOptionsSchema,
  PasskeySignInSchema,
  RecoveryCodesSchema,
  SignInAnswerSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
  WebAuthnOptionsSchema,
} from '@proxai/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { isLanguage } from '@proxai/contract';
import { AppError, errorText } from '../../errors';
import { acceptedLanguage } from '../../i18n/messages';
import { setSessionCookie as setCookie } from '../../plugins/app/auth';
import { findUserById, type UserRow } from '../auth/auth.repository';
import { baseUrl } from '../auth/auth.routes';
import { newOpaqueToken, sha256Hex } from '../auth/codes';
import { byIp, rateLimit } from '../auth/rate-limits';
import { recordAudit } from '../audit/audit.repository';
import { secretBoxFor } from '../pve/secret-box';
import { factorChangedMail, type FactorChange } from '../teams/team-mails';
import { MFA_TOKEN_TTL_MS, proveFactor, type FactorDeps } from './challenges';
import { relyingPartyOf, verifyPasskeyAssertion } from './factors';
import { consumeChallenge, findLiveChallenge, insertChallenge, renamePasskey, type ChallengeRow } from './mfa.repository';
import {
  confirmTotp,
  mfaStatus,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removePasskey,
  removeTotp,
  setUpTotp,
  toPasskeyDto,
} from './mfa.service';
import { openSession } from './sign-in';
import { currentUser } from '../../kernel/request-context';

const MINUTE = 60_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };
const IdParams = z.object({ id: z.uuid() });

declare module 'fastify' {
  interface FastifyRequest {
    /** The second step of a sign-in that must enrol a factor (its `mfa_token` came as the bearer). */
    enrolment?: { challenge: ChallengeRow; user: UserRow };
  }
}

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const tags = ['security'];
  const box = () => secretBoxFor(config, app.log);
  const deps = (request: FastifyRequest): FactorDeps => ({ db, box: box(), rp: () => relyingPartyOf(baseUrl(request, config)) });
  const setSessionCookie = (reply: FastifyReply, token: string) => setCookie(reply, token, config.isProduction);
  app.decorateRequest('enrolment', undefined);

  /**
   * A session, or the `mfa_token` of a sign-in that must enrol a factor (only on the enrolment routes). Runs on
   * request, so the route policy's gate (step-up) sees the session; an enrolment has none and is exempt.
   */
  const sessionOrEnrolment = async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token && token.length >= 20 && token.length <= 300) {
      const row = await findLiveChallenge(db, 'mfa', sha256Hex(token), new Date());
      if (row?.detail?.startsWith('enrol:') && row.userId) {
        const user = await findUserById(db, row.userId);
        if (user) {
          request.enrolment = { challenge: row, user };
          return;
        }
      }
    }
    await app.authenticate(request);
  };
  const who = (request: FastifyRequest) => request.enrolment?.user ?? currentUser(request);

  /**
   * Mails the person that a factor was added or removed (the audit chain records it too): a stolen session must not
   * change factors unseen. In the account's language; a mail that cannot be sent does not undo the change.
   */
  const tellFactorChange = async (
    request: FastifyRequest,
    user: { email: string; language: string },
    change: FactorChange,
    name?: string,
  ) => {
    const language = isLanguage(user.language) ? user.language : acceptedLanguage(request.headers['accept-language']);
    try {
      await app.mailer.send({ to: user.email, ...factorChangedMail(language, { change, name, at: new Date(), ip: request.ip }) });
    } catch (err) {
      request.log.warn({ err }, 'the mail telling of a second factor change was not sent');
    }
  };

  /** An enrolment done with an `mfa_token` ends the sign-in: its session opens now. */
  const finishEnrolment = async (request: FastifyRequest, reply: FastifyReply, factor: string) => {
    const enrolment = request.enrolment;
    if (!enrolment) return {};
    if (!(await consumeChallenge(db, enrolment.challenge.id, new Date()))) {
      throw new AppError('mfa_token_invalid', errorText('mfa.stepUsed'));
    }
    const method = `${enrolment.challenge.detail?.slice('enrol:'.length)}+${factor}`;
    const done = await openSession(deps(request), enrolment.user, method, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setSessionCookie(reply, done.token);
    return done.answer;
  };

  app.get(
    '/auth/mfa',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Your second factors', response: { 200: MfaStatusSchema, ...errors } },
    },
    async (request) => mfaStatus(db, currentUser(request)),
  );

  app.post(
    '/auth/mfa/totp/setup',
    {
      onRequest: [sessionOrEnrolment],
      schema: {
        tags,
        summary: 'Start setting up an authenticator app (TOTP): its secret and otpauth:// address',
        response: { 200: TotpSetupSchema, ...errors },
      },
    },
    async (request) => setUpTotp(db, box(), who(request)),
  );

  app.post(
    '/auth/mfa/totp/confirm',
    {
      onRequest: [sessionOrEnrolment],
      preHandler: [rateLimit(app, 'totp-confirm-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
      schema: {
        tags,
        summary: 'Confirm the authenticator app with a first code; answers ten recovery codes (shown once)',
        body: TotpConfirmSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const codes = await confirmTotp(db, box(), who(request), request.body.code, request.ip);
      await tellFactorChange(request, who(request), 'totpAdded');
      return { recovery_codes: codes, ...(await finishEnrolment(request, reply, 'totp')) };
    },
  );

  app.delete(
    '/auth/mfa/totp',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Remove the authenticator app (step-up)', response: { 200: MessageSchema, ...errors } },
    },
    async (request) => {
      await removeTotp(db, currentUser(request), request.ip);
      await tellFactorChange(request, currentUser(request), 'totpRemoved');
      return { message: 'Authenticator app removed' };
    },
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Ten new recovery codes; the previous ones stop working (step-up)',
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => ({ recovery_codes: await regenerateRecoveryCodes(db, currentUser(request), request.ip) }),
  );

  app.post(
    '/auth/mfa/verify',
    {
      preHandler: [rateLimit(app, 'mfa-verify-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: a TOTP or recovery code, or a passkey assertion',
        body: MfaVerifySchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const row = await findLiveChallenge(db, 'mfa', sha256Hex(request.body.mfa_token), now);
      const user = row?.userId && !row.detail?.startsWith('enrol:') ? await findUserById(db, row.userId) : undefined;
      if (!row || !user) throw new AppError('mfa_token_invalid', errorText('mfa.stepExpired'));
      let factor: string;
      try {
        factor = await proveFactor(deps(request), row, user.id, request.body, now);
      } catch (err) {
        await recordAudit(db, {
          action: 'auth.login',
          outcome: 'failure',
          actorId: user.id,
          actorEmail: user.email,
          ip: request.ip,
          details: { method: row.detail, reason: 'second_factor' },
        });
        throw err;
      }
      if (!(await consumeChallenge(db, row.id, now))) throw new AppError('mfa_token_invalid', errorText('mfa.stepUsed'));
      const done = await openSession(deps(request), user, `${row.detail}+${factor}`, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, done.token);
      return done.answer;
    },
  );

  app.post(
    '/auth/passkeys/options',
    {
      onRequest: [sessionOrEnrolment],
      schema: {
        tags,
        summary: 'Options to register a passkey (navigator.credentials.create)',
        response: { 200: WebAuthnOptionsSchema, ...errors },
      },
    },
    async (request) => passkeyRegistrationOptions(db, deps(request).rp(), who(request)) as unknown as Record<string, unknown>,
  );

  app.post(
    '/auth/passkeys',
    {
      onRequest: [sessionOrEnrolment],
      schema: {
        tags,
        summary: 'Register a passkey from the browser’s answer; with an enrolment mfa_token, the sign-in completes',
        body: PasskeyRegisterSchema,
        response: {
          201: PasskeyAddedSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const done = await registerPasskey(deps(request), who(request), request.body, request.ip);
      await tellFactorChange(request, who(request), 'passkeyAdded', done.passkey.name);
      const signedIn = await finishEnrolment(request, reply, 'webauthn');
      return reply.code(201).send({ passkey: done.passkey, recovery_codes: done.recoveryCodes, ...signedIn });
    },
  );

  app.patch(
    '/auth/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: IdParams,
        body: PasskeyRenameSchema,
        response: { 200: PasskeySchema, ...errors },
      },
    },
    async (request) => {
      const row = await renamePasskey(db, currentUser(request).id, request.params.id, request.body.name);
      if (!row) throw new AppError('not_found', errorText('notFound.passkey'));
      return toPasskeyDto(row);
    },
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags, summary: 'Remove a passkey (step-up)', params: IdParams, response: { 200: MessageSchema, ...errors } },
    },
    async (request) => {
      const removed = await removePasskey(db, currentUser(request), request.params.id, request.ip);
      await tellFactorChange(request, currentUser(request), 'passkeyRemoved', removed.name);
      return { message: 'Passkey removed' };
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      preHandler: [rateLimit(app, 'passkey-options-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey, no e-mail: the options',
        response: { 200: PasskeySignInOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const rp = deps(request).rp();
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      const challengeId = newOpaqueToken();
      await insertChallenge(db, {
        purpose: 'passkey_sign_in',
        tokenHash: sha256Hex(challengeId),
        webauthnChallenge: options.challenge,
        expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS),
      });
      return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/auth/passkey/sign-in',
    {
      preHandler: [rateLimit(app, 'passkey-sign-in-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey (it proves both who you are and a second factor)',
        body: PasskeySignInSchema,
        response: { 200: SignInAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const row = await findLiveChallenge(db, 'passkey_sign_in', sha256Hex(request.body.challenge_id), now);
      // Used before it is checked: a replayed assertion meets a used challenge.
      if (!row?.webauthnChallenge || !(await consumeChallenge(db, row.id, now))) {
        throw new AppError('invalid_factor', errorText('mfa.passkeySignInExpired'));
      }
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      let userId: string;
      try {
        userId = await verifyPasskeyAssertion(
          db,
          deps(request).rp(),
          { response: request.body.response, expectedChallenge: row.webauthnChallenge, requireUserVerification: true },
          now,
        );
      } catch (err) {
        await recordAudit(db, {
          action: 'auth.login',
          outcome: 'failure',
          ip: request.ip,
          details: { method: 'passkey', reason: 'invalid_assertion' },
        });
        throw err;
      }
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('invalid_factor', errorText('mfa.passkeyAccountGone'));
      if (user.role === 'admin') {
        await recordAudit(db, {
          action: 'auth.login',
          outcome: 'failure',
          actorId: user.id,
          actorEmail: user.email,
          ip: request.ip,
          details: { method: 'passkey', reason: 'admin_password_required' },
        });
        throw new AppError('admin_password_required', errorText('auth.adminPasswordRequired'));
      }
      const done = await openSession(deps(request), user, 'passkey', meta);
      setSessionCookie(reply, done.token);
      return done.answer;
    },
  );
};
