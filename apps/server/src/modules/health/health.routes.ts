import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@proxai/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const version = app.config.version;
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'ok' as const, version };
      } catch (err) {
        app.log.warn({ err }, 'health: database unreachable');
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const, version });
      }
    },
  );
};
