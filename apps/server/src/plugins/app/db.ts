import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

async function dbPlugin(app: FastifyInstance, opts: { database: Database }): Promise<void> {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
}

export const db = fp(dbPlugin, { name: 'db' });
