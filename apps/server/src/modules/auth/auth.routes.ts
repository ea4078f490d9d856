import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the auth module; registered under /api by app.ts. Built by the issue that owns this feature.
export const authRoutes: FastifyPluginAsyncZod = async () => {};
