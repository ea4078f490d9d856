import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorSchema,
  IdParamsSchema,
  MessageSchema,
  SessionInfoSchema,
  StepUpEmailSchema,
  StepUpSchema,
  StepUpTokenSchema,
} from '@proxai/contract';
import { AppError, errorText } from '../../errors';
import { acceptedLanguage } from '../../i18n/messages';
import { recordAudit } from '../audit/audit.repository';
import { baseUrl } from '../auth/auth.routes';
import { hashOtpCode, newOtpCode, sha256Hex } from '../auth/codes';
import { rateLimit } from '../auth/rate-limits';
import { secretBoxFor } from '../pve/secret-box';
import { listLiveSessions, revokeOwnSession } from '../sessions/sessions.repository';
import { SESSION_MAX_AGE_MS } from '../sessions/sessions.service';
import { stepUpMail } from '../teams/team-mails';
import { issueStepUpProof, proveFactor, refuseEmailToAdministrators, type FactorDeps } from './challenges';
import { factorsOf, hasFactor, relyingPartyOf } from './factors';
import { findLiveChallenge, setChallenge } from './mfa.repository';
import { currentUser } from '../../kernel/request-context';

const MINUTE = 60_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

export const stepUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const tags = ['security'];
  const deps = (request: FastifyRequest): FactorDeps => ({
    db,
    box: secretBoxFor(config, app.log),
    rp: () => relyingPartyOf(baseUrl(request, config)),
  });
  const perUser = (name: string, max: number) =>
    rateLimit(app, name, { max, windowMs: 15 * MINUTE, key: (r) => currentUser(r).id });

  /** The caller's own live step-up challenge (another person's or another session's is unknown here). */
  const ownChallenge = async (request: FastifyRequest, challenge: string) => {
    const user = currentUser(request);
    const row = await findLiveChallenge(db, 'step_up', sha256Hex(challenge), new Date());
    if (!row || row.userId !== user.id || row.sessionId !== user.sessionId) {
      throw new AppError('invalid_factor', errorText('mfa.confirmationExpired'));
    }
    return { user, row };
  };

  app.post(
    '/auth/step-up',
    {
      onRequest: [app.authenticate],
      preHandler: [perUser('step-up-user', 30)],
      schema: {
        tags,
        summary: 'Prove a second factor for a sensitive request’s challenge; answers a proof for X-Step-Up (once, 5 minutes)',
        body: StepUpSchema,
        response: { 200: StepUpTokenSchema, ...errors },
      },
    },
    async (request) => {
      const { user, row } = await ownChallenge(request, request.body.challenge);
      const factors = await factorsOf(db, user.id);
      // An e-mailed code stands in only for someone without a second factor.
      if (request.body.method === 'email' && hasFactor(factors)) {
        throw new AppError('invalid_factor', errorText('mfa.confirmWith'));
      }
      if (request.body.method === 'email') refuseEmailToAdministrators(user);
      let method;
      try {
        method = await proveFactor(deps(request), row, user.id, request.body);
      } catch (err) {
        await recordAudit(db, {
          action: 'auth.step_up',
          outcome: 'failure',
          actorId: user.id,
          actorEmail: user.email,
          organisationId: user.organisationId,
          ip: request.ip,
        });
        throw err;
      }
      const proof = await issueStepUpProof(db, row, method);
      await recordAudit(db, {
        action: 'auth.step_up',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        organisationId: user.organisationId,
        ip: request.ip,
        details: { method },
      });
      return { step_up_token: proof.token, expires_at: proof.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/step-up/email',
    {
      onRequest: [app.authenticate],
      preHandler: [perUser('step-up-email-user', 5)],
      schema: {
        tags,
        summary: 'Mail a 6-digit code for a step-up challenge (for someone without a second factor)',
        body: StepUpEmailSchema,
        response: { 200: MessageSchema, ...errors, 503: ErrorSchema },
      },
    },
    async (request) => {
      const { user, row } = await ownChallenge(request, request.body.challenge);
      if (hasFactor(await factorsOf(db, user.id))) {
        throw new AppError('invalid_factor', errorText('mfa.confirmWith'));
      }
      refuseEmailToAdministrators(user);
      const code = newOtpCode();
      await setChallenge(db, row.id, { emailCodeHash: hashOtpCode(row.id, code) });
      try {
        await app.mailer.send({ to: user.email, ...stepUpMail(acceptedLanguage(request.headers['accept-language']), { code }) });
      } catch (err) {
        throw new AppError('unavailable', errorText('mfa.mailFailed'), { cause: err });
      }
      return { message: 'A code was sent to your e-mail address' };
    },
  );

  app.get(
    '/auth/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Your active sessions (device, address, last use)',
        response: { 200: z.array(SessionInfoSchema), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = new Date();
      const rows = await listLiveSessions(db, user.id, now, new Date(now.getTime() - SESSION_MAX_AGE_MS));
      return rows.map((s) => ({
        id: s.id,
        ip: s.ip,
        user_agent: s.userAgent,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        current: s.id === user.sessionId,
      }));
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Sign out one of your sessions',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await revokeOwnSession(db, user.id, request.params.id, new Date())))
        throw new AppError('not_found', errorText('notFound.session'));
      app.sessionCache.evictSession(request.params.id);
      await recordAudit(db, {
        action: 'auth.session_revoked',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        ip: request.ip,
        target: request.params.id,
      });
      return { message: 'Session signed out' };
    },
  );
};
