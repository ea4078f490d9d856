import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MeSchema,
  MfaChallengeSchema,
  SignInAnswerSchema,
  AdminLoginRequestSchema,
  AuthProvidersSchema,
  AuthUserSchema,
  AccountSwitchErrorSchema,
  ErrorSchema,
  LogoutAllResponseSchema,
  LogoutResponseSchema,
  MagicLinkRequestSchema,
  MagicLinkResponseSchema,
  MagicQuerySchema,
  MagicSignInRequestSchema,
  OAuthSessionRequestSchema,
  OAuthSessionResponseSchema,
  OidcCallbackQuerySchema,
  ProfilePatchSchema,
  VerifyOtpRequestSchema,
  type Language,
} from '@proxai/contract';
import type { Config } from '../../config/env';
import { acceptedLanguage, headerLanguage } from '../../i18n/messages';
import { SESSION_COOKIE, setSessionCookie as setCookie } from '../../plugins/app/auth';
import { recordAudit } from '../audit/audit.repository';
import { AppError, errorText } from '../../errors';
import { revokeAllSessions, revokeSession } from '../sessions/sessions.service';
import {
  adminLogin,
  completeHandoff,
  consumeMagicLink,
  createHandoff,
  handoffAddress,
  magicLinkAddress,
  requestSignIn,
  toUserDto,
  updateProfile,
  verifyOtp,
  type RequestMeta,
} from './auth.service';
import { secretBoxFor } from '../pve/secret-box';
import type { FactorDeps } from '../mfa/challenges';
import { relyingPartyOf } from '../mfa/factors';
import { finishSignIn } from '../mfa/sign-in';
import { me } from '../teams/teams.service';
import { createOidcClient, OIDC_CALLBACK_PATH, oidcSettings } from './oidc.service';
import { byBodyEmail, byIp, rateLimit, redirectWhenLimited } from './rate-limits';
import { currentUser } from '../../kernel/request-context';

const MINUTE = 60_000;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };
const completionErrors = { ...errors, 409: AccountSwitchErrorSchema };

const meta = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Exactly a loopback `host[:port]`: nothing before, after or inside it (no userinfo, no path). */
const LOOPBACK_HOST_HEADER = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;

/**
 * Where e-mailed links and the OpenID redirect point: PUBLIC_URL (required in production). Without it
 * (development), the raw Host header is used only when it is exactly a loopback `host[:port]`; anything else
 * could be an attacker's choice of where a victim's sign-in link leads (`127.0.0.1:8080@evil.example`), so the
 * request is refused.
 */
export function baseUrl(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = request.headers.host ?? '';
  if (LOOPBACK_HOST_HEADER.test(host)) return `${request.protocol}://${host}`;
  throw new AppError('bad_request', errorText('auth.noPublicUrl'));
}

function preferredLanguage(request: FastifyRequest): Language {
  return headerLanguage(request.headers['accept-language']) ?? 'fr';
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const settings = oidcSettings(config);
  const oidc = settings ? createOidcClient(settings) : undefined;

  const setSessionCookie = (reply: FastifyReply, token: string) => setCookie(reply, token, config.isProduction);
  const factorDeps = (request: FastifyRequest): FactorDeps => ({
    db: app.db,
    box: secretBoxFor(config, app.log),
    rp: () => relyingPartyOf(baseUrl(request, config)),
  });
  /** A finished sign-in sets the session cookie; a second step to come answers its challenge only. */
  const signedIn = (reply: FastifyReply, done: Awaited<ReturnType<typeof finishSignIn>>) => {
    if (done.token) setSessionCookie(reply, done.token);
    return done.answer;
  };
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });

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
        summary: 'Links mailed before the /auth#magic= form: 302 to /auth#magic=<token> (consumes nothing)',
        querystring: MagicQuerySchema,
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      if (!token) return reply.redirect('/auth#error=link_expired', 302);
      return reply.header('cache-control', 'no-store').redirect(`/auth#magic=${encodeURIComponent(token)}`, 302);
    },
  );

  /**
   * Before a sign-in replaces a different signed-in account (the session cookie or Bearer token of this
   * browser), the person must confirm: 409 with both addresses, nothing consumed (login CSRF).
   */
  const requireSwitchConsent = async (request: FastifyRequest, newEmail: string | undefined, confirmed?: boolean) => {
    if (confirmed || !newEmail) return;
    const current = await app.signedInUser(request);
    if (!current || current.email.toLowerCase() === newEmail.toLowerCase()) return;
    throw new AppError('account_switch_required', errorText('auth.accountSwitch', { current: current.email, next: newEmail }), {
      fields: { current_email: current.email, new_email: newEmail },
    });
  };

  app.post(
    '/auth/magic',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the token of the e-mailed link (/auth#magic=<token>), posted by the /auth page',
        body: MagicSignInRequestSchema,
        response: { 200: SignInAnswerSchema, ...completionErrors },
      },
      preHandler: [rateLimit(app, 'magic-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const { token, confirm_switch: confirmed } = request.body;
      await requireSwitchConsent(request, await magicLinkAddress(app.db, token), confirmed);
      const user = await consumeMagicLink(app.db, token, meta(request));
      return signedIn(reply, await finishSignIn(factorDeps(request), user, 'magic_link', meta(request)));
    },
  );

  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the e-mailed 6-digit code',
        body: VerifyOtpRequestSchema,
        response: { 200: SignInAnswerSchema, ...completionErrors },
      },
      preHandler: [
        rateLimit(app, 'verify-otp-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp }),
        rateLimit(app, 'verify-otp-email', { max: 10, windowMs: 15 * MINUTE, key: byBodyEmail }),
      ],
    },
    async (request, reply) => {
      await requireSwitchConsent(request, request.body.email, request.body.confirm_switch);
      const user = await verifyOtp(app.db, { email: request.body.email, code: request.body.otp_code }, meta(request));
      return signedIn(reply, await finishSignIn(factorDeps(request), user, 'otp', meta(request)));
    },
  );

  app.post(
    '/auth/admin-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Administrator sign-in with e-mail and password',
        body: AdminLoginRequestSchema,
        response: { 200: SignInAnswerSchema, ...errors },
      },
      preHandler: [rateLimit(app, 'admin-login-ip', { max: 10, windowMs: 15 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const user = await adminLogin(app.db, request.body, meta(request));
      return signedIn(reply, await finishSignIn(factorDeps(request), user, 'admin', meta(request)));
    },
  );

  app.post(
    '/auth/oauth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the one-time id from /auth#session_id for a session',
        headers: z.object({ 'x-session-id': z.string().max(200).optional() }),
        body: OAuthSessionRequestSchema.nullish(),
        response: { 200: z.union([OAuthSessionResponseSchema, MfaChallengeSchema]), ...completionErrors },
      },
      preHandler: [rateLimit(app, 'oauth-session-ip', { max: 30, windowMs: 15 * MINUTE, key: byIp })],
    },
    async (request, reply) => {
      const handoff = request.headers['x-session-id'];
      await requireSwitchConsent(request, await handoffAddress(app.db, handoff), request.body?.confirm_switch);
      const user = await completeHandoff(app.db, handoff, meta(request));
      const done = await finishSignIn(factorDeps(request), user, 'handoff', meta(request));
      if (done.token === null) return done.answer;
      setSessionCookie(reply, done.token);
      return { session_token: done.token, user: done.answer.user };
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
        summary: 'The signed-in user, the organisation this session acts in, the others, and the permissions held',
        response: { 200: MeSchema, 401: ErrorSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request) => me(app.db, currentUser(request)),
  );

  app.patch(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's own settings (time zone)",
        body: ProfilePatchSchema,
        response: { 200: AuthUserSchema, ...errors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await updateProfile(app.db, user, request.body, acceptedLanguage(request.headers['accept-language']));
      app.sessionCache.evictUser(user.id);
      return toUserDto(updated);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
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
      clearSessionCookie(reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: revoke every session of the signed-in user, this one included',
        response: { 200: LogoutAllResponseSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      onRequest: [app.authenticate],
    },
    async (request, reply) => {
      const user = currentUser(request);
      const revoked = await revokeAllSessions(app.db, user.id, app.sessionCache);
      await recordAudit(app.db, {
        action: 'auth.logout_all',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        organisationId: user.organisationId,
        ip: request.ip,
        details: { revoked },
      });
      clearSessionCookie(reply);
      return { message: 'Signed out everywhere', revoked };
    },
  );
};
