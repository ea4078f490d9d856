import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorText, unauthenticated } from '../../errors';
import { keyMayCall, routeKey } from '../../access/route-policy';
import { authenticateApiKey, looksLikeApiKey } from '../../modules/api-keys/api-keys.service';
import { authenticateToken, SESSION_TTL_MS, SessionCache } from '../../modules/sessions/sessions.service';
import { type AuthUser } from '../../kernel/principal';

export const SESSION_COOKIE = 'session_token';
/** The header of an approved request's in-process run (its value is a one-time key of `app.approvalRuns`). */
export const APPROVAL_RUN_HEADER = 'x-proxai-approval-run';

declare module 'fastify' {
  interface FastifyRequest {
    authVia?: 'bearer' | 'cookie';
    /** This request is an approved four-eyes request run by the server as its requester (modules/approvals). */
    approvalRun?: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest: 401 unless a live session token comes as Bearer header or `session_token` cookie, or a live API
     * key (`pxk_…`) as Bearer header.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Sessions verified in the last seconds (pass it to revokeSession so a logout evicts at once). */
    sessionCache: SessionCache;
    /**
     * One-time keys of approved requests the server is running in-process (app.inject) as their requester:
     * key → the requester as authenticate() must see them. Never reachable from outside (never sent or logged).
     */
    approvalRuns: Map<string, AuthUser>;
    /**
     * The account this browser or client is signed in as (Bearer header, else cookie), or null; never throws.
     * The sign-in routes use it to ask before replacing a different signed-in account (login CSRF).
     */
    signedInUser: (request: FastifyRequest) => Promise<AuthUser | null>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cookie-authenticated write must come from one of the portal's own names (CSRF; allowed-hosts.ts). */
function isSameOrigin(request: FastifyRequest, isAllowedHost: (host: string) => boolean): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  try {
    return isAllowedHost(new URL(origin).host);
  } catch {
    return false;
  }
}

/** A finished sign-in also sets the HttpOnly session cookie; the web keeps the token for its Bearer header. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
    secure,
  });
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', undefined);
  app.decorateRequest('authVia', undefined);
  app.decorateRequest('approvalRun', undefined);
  const approvalRuns = new Map<string, AuthUser>();
  app.decorate('approvalRuns', approvalRuns);
  app.decorate('signedInUser', async (request: FastifyRequest) => {
    const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
    return token && !looksLikeApiKey(token) ? authenticateToken(app.db, token, new Date(), cache) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const runKey = request.headers[APPROVAL_RUN_HEADER];
    if (typeof runKey === 'string' && approvalRuns.has(runKey)) {
      request.user = approvalRuns.get(runKey);
      approvalRuns.delete(runKey);
      request.approvalRun = true;
      request.authVia = 'bearer';
      return;
    }
    const bearer = bearerToken(request);
    if (bearer && looksLikeApiKey(bearer)) {
      const principal = await authenticateApiKey(app.db, bearer, { ip: request.ip });
      if (!('id' in principal)) throw unauthenticated(principal);
      if (!keyMayCall(routeKey(request.method, request.routeOptions.url ?? ''))) {
        throw new AppError('forbidden', errorText('access.personOnly'));
      }
      request.user = principal;
      request.authVia = 'bearer';
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token) throw unauthenticated();
    const user = await authenticateToken(app.db, token, new Date(), cache);
    if (!user) throw unauthenticated(errorText('access.sessionExpired'));
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, app.isAllowedHost)) {
      throw new AppError('csrf', errorText('request.crossSite'));
    }
    request.user = user;
    request.authVia = via;
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['db', 'allowed-hosts'] });
