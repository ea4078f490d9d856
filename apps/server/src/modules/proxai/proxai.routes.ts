import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the proxai module; registered under /api by app.ts. Built by the issue that owns this feature.
export const proxaiRoutes: FastifyPluginAsyncZod = async () => {};
