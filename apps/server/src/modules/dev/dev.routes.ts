import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '@proxai/contract';
import { AppError, errorText } from '../../errors';
import { classifyAddress } from '../../net/outbound-policy';

const OutboxEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/**
 * Development helpers, registered only outside production (app.ts): the mails kept when no SMTP_URL is set,
 * so a newcomer (and the browser tests) can read a sign-in code without a mail server. They hold every sign-in
 * code, so they answer only a client on this machine: the socket's peer must be a loopback address (an
 * X-Forwarded-For is not believed, whatever TRUST_PROXY says).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mails kept in the development outbox (no SMTP_URL); not available in production',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(OutboxEntrySchema), 403: ErrorSchema },
      },
      onRequest: async (request) => {
        if (classifyAddress(request.socket.remoteAddress ?? '') !== 'loopback') {
          throw new AppError('forbidden', errorText('request.devOutboxLoopback'));
        }
      },
    },
    async (request) => {
      const to = request.query.to?.trim().toLowerCase();
      return app.mailer.outbox
        .filter((m) => !to || m.to.toLowerCase() === to)
        .map(({ id, at, to: recipient, subject, text, html }) => ({ id, at, to: recipient, subject, text, html }));
    },
  );
};
