import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoInfoSchema, ErrorSchema } from '@proxai/contract';
import { notFound } from '../../errors';
import { DEMO_EMAIL, demoUserExists } from './demo.repository';

/**
 * GET /demo: lets the sign-in page show which account opens the demo (outside production only); 404 when the portal
 * runs without the demo or before it is seeded.
 */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo',
    {
      schema: {
        tags: ['demo'],
        summary: 'The demo account, when the demo is on',
        response: { 200: DemoInfoSchema, 404: ErrorSchema },
      },
    },
    async () => {
      if (!app.config.demo || !(await demoUserExists(app.db))) throw notFound('demo');
      return { email: DEMO_EMAIL };
    },
  );
};
