import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DemoInfoSchema, ErrorSchema } from '@proxai/contract';
import { notFound } from '../../errors';
import { DEMO_EMAIL, demoUserExists } from './demo.repository';

/** GET /demo: lets the sign-in page show which account opens the demo (outside production only). */
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
      if (!(await demoUserExists(app.db))) throw notFound('Demo');
      return { email: DEMO_EMAIL };
    },
  );
};
