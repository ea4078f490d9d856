import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/**
 * The database, closed with the app when the app owns it (the server, a test app on its own database). Registered
 * before every plugin that uses it, so its onClose hook runs after theirs (Fastify runs them in reverse order).
 */
async function dbPlugin(app: FastifyInstance, opts: { database: Database; closeWithApp: boolean }): Promise<void> {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  if (opts.closeWithApp) app.addHook('onClose', () => opts.database.close());
}

export const db = fp(dbPlugin, { name: 'db' });
