import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorText } from '../../errors';

/**
 * A preHandler that counts requests per key (e-mail, IP, organisation) and answers 429 `{detail}` with
 * `Retry-After` past `max` in the window. Built on @fastify/rate-limit's `createRateLimit` so that one route can
 * carry several limits (e.g. per address and per IP), which the per-route option cannot. `detail` words the
 * answer (default: try again in N minutes).
 */
export function rateLimit(
  app: FastifyInstance,
  name: string,
  options: {
    max: number;
    windowMs: number;
    key: (request: FastifyRequest) => string | undefined;
    detail?: (request: FastifyRequest, retryAfterSeconds: number) => string;
  },
) {
  const check = app.createRateLimit({
    // Tests that are not about rate limits turn them off through RATE_LIMIT_ENABLED=false.
    max: app.config.RATE_LIMIT_ENABLED ? options.max : 1_000_000,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${name}:${options.key(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      reply.header('retry-after', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(
        'rate_limited',
        options.detail?.(request, seconds) ?? errorText('request.tryAgainIn', { count: minutes }),
      );
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
export function redirectWhenLimited(hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await hook(request, reply);
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') return reply.redirect('/auth#error=rate_limited', 302);
      throw err;
    }
    return undefined;
  };
}
