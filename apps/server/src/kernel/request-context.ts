// A request's context as services take it: who asks, for which organisation, from where, in which language. Built
// once from the request here instead of in each feature's routes (issue 32 §3).
import type { FastifyRequest } from 'fastify';
import type { Language } from '@proxai/contract';
import { AppError, errorText, unauthenticated } from '../errors';
import { acceptedLanguage } from '../i18n/messages';
import { actorOfUser, type AuthUser, type EventActor } from './principal';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; routes behind it can rely on it. */
    user?: AuthUser;
  }
}

/** A request of an organisation's member (or key). */
export interface RequestContext {
  user: AuthUser;
  organisationId: string;
  ip?: string;
  /** Language of the texts answered (`message`, error `detail`): the request's Accept-Language; English if absent. */
  language?: Language;
}

/** A request's context as requestContext() builds it: always with the language its answers are written in. */
export type AnsweredContext = RequestContext & { language: Language };

/** A request of the vendor's staff (licences): no organisation of their own. */
export interface PlatformContext {
  user: AuthUser;
  ip: string;
}

/** The authenticated user, for handlers behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller's organisation, or 403 when the account has none (platform admins without a tenant). */
export function currentOrg(user: AuthUser): string {
  if (!user.organisationId) throw new AppError('forbidden', errorText('access.noOrganisation'));
  return user.organisationId;
}

export function requirePlatformAdmin(user: AuthUser): void {
  if (user.role !== 'admin') throw new AppError('forbidden', errorText('access.platformOnly'));
}

/** Who asks, for which organisation, in which language. */
export function requestContext(request: FastifyRequest): AnsweredContext {
  const user = currentUser(request);
  return {
    user,
    organisationId: currentOrg(user),
    ip: request.ip,
    language: acceptedLanguage(request.headers['accept-language']),
  };
}

/** The actor a change made by this request is recorded under. */
export const actorOf = (ctx: { user: AuthUser; ip?: string }): EventActor => actorOfUser(ctx.user, ctx.ip);
