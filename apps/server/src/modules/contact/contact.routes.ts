import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactRequestSchema, ContactResponseSchema, ErrorSchema } from '@proxai/contract';
import { submitContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['public'],
        summary: 'Send a message to the team (stored, and mailed to CONTACT_TO when set); 5 per 15 minutes per IP',
        body: ContactRequestSchema,
        response: { 201: ContactResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      config: {
        rateLimit: { max: app.config.RATE_LIMIT_ENABLED ? 5 : 1_000_000, timeWindow: 15 * 60_000 },
      },
    },
    async (request, reply) => {
      const id = await submitContactMessage(
        { db: app.db, mailer: app.mailer, log: request.log, contactTo: app.config.CONTACT_TO },
        request.body,
        request.ip,
      );
      return reply.code(201).send({ message: 'Message received', id });
    },
  );
};
