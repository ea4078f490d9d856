import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  AdminLoginRequestSchema,
  AuthProvidersSchema,
  AuthUserSchema,
  ErrorSchema,
  LogoutResponseSchema,
  MagicLinkRequestSchema,
  MagicLinkResponseSchema,
  MagicQuerySchema,
  OAuthSessionResponseSchema,
  OidcCallbackQuerySchema,
  VerifyOtpRequestSchema,
  type Language,
} from '@proxai/contract';
import type { Config } from '../../config/env';
import { headerLanguage } from '../../i18n/messages';
import { currentUser, SESSION_COOKIE } from '../../plugins/app/auth';
import { recordAudit } from '../audit/audit.repository';
import { revokeSession, SESSION_TTL_MS } from '../sessions/sessions.service';
import {
  adminLogin,
  completeHandoff,
  consumeMagicLink,
  createHandoff,
  requestSignIn,
  startSession,
  toUserDto,
  verifyOtp,
  type RequestMeta,
} from './auth.service';
import { createOidcClient, OIDC_CALLBACK_PATH, oidcSettings } from './oidc.service';
import { byBodyEmail, byIp, rateLimit, redirectWhenLimited } from './rate-limits';

const MINUTE = 60_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Where e-mailed links and the OpenID redirect point: PUBLIC_URL (required in production). Without it, only a
 * loopback Host header is believed; any other one could be an attacker's choice of where a victim's sign-in link
 * leads, so the link then points at localhost on our own port.
 */
function baseUrl(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (LOOPBACK_HOST.test(request.hostname)) return `${request.protocol}://${request.host}`;
  return `http://localhost:${config.PORT}`;
}

function preferredLanguage(request: FastifyRequest): Language {
  return headerLanguage(request.headers['accept-language']) ?? 'fr';
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const settings = oidcSettings(config);
  const oidc = settings ? createOidcClient(settings) : undefined;

  /** Sign-in answers also set the HttpOnly session cookie; the web keeps the token for its Bearer header. */
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: SESSION_TTL_MS / 1000,
      secure: config.isProduction,
    });

  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], summary: 'Sign-in methods this portal offers', response: { 200: AuthProvidersSchema } } },
    async () => ({
      oidc: { enabled: Boolean(oidc), name: settings?.displayName ?? null },
      email: true,
      admin: true,
    }),
  );

  app.post(
    '/auth/magic-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a sign-in link and a 6-digit code (creates the account on first use)',
        body: MagicLinkRequestSchema,
        response: { 200: MagicLinkResponseSchema, ...errors, 503: ErrorSchema },
      },
      preHandler: [
        rateLimit(app, 'magic-link-ip', { max: 20, windowMs: 15 * MINUTE, key: byIp }),
        rateLimit(app, 'magic-link-email', { max: 5, windowMs: 15 * MINUTE, key: byBodyEmail }),
      ],
    },
    async (request) => {
      await requestSignIn(
        { db: app.db, mailer: app.mailer },
        { email: request.body.email, language: request.body.language, baseUrl: baseUrl(request, config) },
        meta(request),
      );
      return { message: 'If the address is valid, a sign-in e-mail is on its way' };
    },
  );

  app.get(
    '/auth/magic',
    {
      schema: {
        tags: ['auth'],
        summary: 'The e-mailed link: signs in and lands on /dashboard (302)',
        querystring: MagicQuerySchema,
      },
      preHandler: [redirectWhenLimited(rateLimit(app, 'magic-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp }))],
    },
    async (request, reply) => {
      const user = await consumeMagicLink(app.db, request.query.token, meta(request));
      if (!user) return reply.redirect('/auth#error=link_expired', 302);
      // Same completion path as OpenID Connect: the /auth page trades the one-time id for a session.
      const handoff = await createHandoff(app.db, user.id);
      return reply.header('cache-control', 'no-store').redirect(`/auth#session_id=${handoff}`, 302);
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the e-mailed 6-digit code',
        body: VerifyOtpRequestSchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
      preHandler: [
        rateLimit(app, 'verify-otp-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp }),
        rateLimit(app, 'verify-otp-email', { max: 10, windowMs: 15 * MINUTE, key: byBodyEmail }),
      ],
    },
    async (request, reply) => {
      const user = await verifyOtp(app.db, { email: request.body.email, code: request.body.otp_code }, meta(request));
      const token = await startSession(app.db, user, 'otp', meta(request));
      setSessionCookie(reply, token);
      return { access_token: token, user: toUserDto(user) };
    },
  );

  app.post(
    '/auth/admin-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Administrator sign-in with e-mail and password',
        body: AdminLoginRequestSchema,
        response: { 200: AccessTokenResponseSchema, ...errors },
      },
      preHandler: [rateLimit(app, 'admin-login-ip', { max: 10, windowMs: 15 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const user = await adminLogin(app.db, request.body, meta(request));
      const token = await startSession(app.db, user, 'admin', meta(request));
      setSessionCookie(reply, token);
      return { access_token: token, user: toUserDto(user) };
    },
  );

  app.post(
    '/auth/oauth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time id from /auth#session_id for a session',
        headers: z.object({ 'x-session-id': z.string().max(200).optional() }),
        response: { 200: OAuthSessionResponseSchema, ...errors },
      },
      preHandler: [rateLimit(app, 'oauth-session-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const user = await completeHandoff(app.db, request.headers['x-session-id'], meta(request));
      const token = await startSession(app.db, user, 'handoff', meta(request));
      setSessionCookie(reply, token);
      return { session_token: token, user: toUserDto(user) };
    },
  );

  app.get(
    '/auth/oidc/start',
    {
      schema: { tags: ['auth'], summary: 'Go to the OpenID Connect provider (302)' },
      preHandler: [redirectWhenLimited(rateLimit(app, 'oidc-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp }))],
    },
    async (request, reply) => {
      if (!oidc) return reply.redirect('/auth#error=oidc_unavailable', 302);
      try {
        const url = await oidc.start(app.db, `${baseUrl(request, config)}${OIDC_CALLBACK_PATH}`);
        return await reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (err) {
        request.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'OpenID Connect provider unreachable');
        return reply.redirect('/auth#error=oidc_unavailable', 302);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Return from the OpenID Connect provider (302 to /auth#session_id=…)',
        querystring: OidcCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      if (!oidc) return reply.redirect('/auth#error=oidc_unavailable', 302);
      const base = baseUrl(request, config);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const user = await oidc.callback(
          app.db,
          new URL(`${base}${OIDC_CALLBACK_PATH}${search}`),
          preferredLanguage(request),
          meta(request),
        );
        const handoff = await createHandoff(app.db, user.id);
        return await reply.header('cache-control', 'no-store').redirect(`/auth#session_id=${handoff}`, 302);
      } catch (err) {
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
        request.log.info({ reason: err instanceof Error ? err.message : String(err), cause }, 'OpenID Connect sign-in failed');
        return reply.redirect('/auth#error=oidc_failed', 302);
      }
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: AuthUserSchema, 401: ErrorSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request) => toUserDto(currentUser(request)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: { 200: LogoutResponseSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const user = currentUser(request);
      await revokeSession(app.db, user.sessionId, app.sessionCache);
      await recordAudit(app.db, {
        action: 'auth.logout',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        organisationId: user.organisationId,
        ip: request.ip,
      });
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
      return { message: 'Signed out' };
    },
  );
};
