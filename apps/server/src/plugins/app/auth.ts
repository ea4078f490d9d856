import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../../errors';
import { authenticateToken, SessionCache, type AuthUser } from '../../modules/sessions/sessions.service';

export const SESSION_COOKIE = 'session_token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    user?: AuthUser;
    authVia?: 'bearer' | 'cookie';
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a live session token comes as Bearer header or `session_token` cookie. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Sessions verified in the last seconds (pass it to revokeSession so a logout evicts at once). */
    sessionCache: SessionCache;
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

/** A cookie-authenticated write must come from our own origin (CSRF). */
function isSameOrigin(request: FastifyRequest, publicUrl?: string): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const allowed = new Set<string>();
  if (request.headers.host) allowed.add(request.headers.host);
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  return allowed.has(originHost);
}

/** The authenticated user, for handlers behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller's organisation, or 403 when the account has none (platform admins without a tenant). */
export function currentOrg(user: AuthUser): string {
  if (!user.organisationId) throw new AppError('forbidden', 'Your account does not belong to an organisation');
  return user.organisationId;
}

export function requirePlatformAdmin(user: AuthUser): void {
  if (user.role !== 'admin') throw new AppError('forbidden', 'Only ProxAI administrators can do this');
}

async function authPlugin(app: FastifyInstance, opts: { publicUrl?: string }): Promise<void> {
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', undefined);
  app.decorateRequest('authVia', undefined);
  app.decorate('signedInUser', async (request: FastifyRequest) => {
    const token = bearerToken(request) ?? request.cookies[SESSION_COOKIE];
    return token ? authenticateToken(app.db, token, new Date(), cache) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token) throw unauthenticated();
    const user = await authenticateToken(app.db, token, new Date(), cache);
    if (!user) throw unauthenticated('Session expired or invalid; please sign in again');
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, opts.publicUrl)) {
      throw new AppError('csrf', 'Cross-site request refused');
    }
    request.user = user;
    request.authVia = via;
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['db'] });
