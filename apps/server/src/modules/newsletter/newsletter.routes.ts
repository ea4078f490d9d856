import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, NewsletterSubscribeRequestSchema, NewsletterSubscribeResponseSchema } from '@proxai/contract';
import { subscribe } from './newsletter.service';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter/subscribe',
    {
      schema: {
        tags: ['public'],
        summary: 'Subscribe an e-mail address to the newsletter (409 when already subscribed)',
        body: NewsletterSubscribeRequestSchema,
        response: { 201: NewsletterSubscribeResponseSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
      config: {
        rateLimit: { max: app.config.RATE_LIMIT_ENABLED ? 10 : 1_000_000, timeWindow: 15 * 60_000 },
      },
    },
    async (request, reply) => {
      await subscribe(app.db, request.body.email, request.body.language);
      return reply.code(201).send({ message: 'Subscribed', email: request.body.email });
    },
  );
};
