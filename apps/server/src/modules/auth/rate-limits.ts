import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * A preHandler that counts requests per key (e-mail or IP) and answers 429 `{detail}` past `max` in the
 * window. Built on @fastify/rate-limit's `createRateLimit` so that one route can carry several limits
 * (e.g. per address and per IP), which the per-route option cannot.
 */
export function rateLimit(
  app: FastifyInstance,
  name: string,
  options: { max: number; windowMs: number; key: (request: FastifyRequest) => string | undefined },
) {
  const check = app.createRateLimit({
    // Tests that are not about rate limits turn them off through RATE_LIMIT_ENABLED=false.
    max: app.config.RATE_LIMIT_ENABLED ? options.max : 1_000_000,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${name}:${options.key(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
      throw new AppError('rate_limited', `Too many attempts; please try again in ${minutes} minute${minutes > 1 ? 's' : ''}`);
    }
  };
}

export const byIp = (request: FastifyRequest) => request.ip;

export const byBodyEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.toLowerCase() : undefined;
};

/**
 * For routes a browser navigates to (the e-mailed link, the provider redirect): past the limit, land on the
 * sign-in page with an explanation instead of a JSON answer.
 */
export function redirectWhenLimited(hook: (request: FastifyRequest) => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await hook(request);
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') return reply.redirect('/auth#error=rate_limited', 302);
      throw err;
    }
    return undefined;
  };
}
