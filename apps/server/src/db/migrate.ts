import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrateJobSchema } from './job-store';
import type { Database } from './client';
import type { Schema } from './client';

/** Advisory lock key shared by every replica for schema migrations ("proxai" in ASCII, fits in int4). */
export const MIGRATION_LOCK_KEY = 0x70726f78;

/** Where the committed SQL migrations live, both from source (tsx/vitest) and from the bundled dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist -> ../drizzle
  return here.endsWith(`${path.sep}db`) ? path.resolve(here, '../../drizzle') : path.resolve(here, '../drizzle');
}

/**
 * Applies pending migrations. Idempotent (drizzle records applied ones in drizzle.__drizzle_migrations),
 * and safe when several replicas start together: they queue on one advisory lock.
 */
export async function runMigrations(database: Database, folder = migrationsFolder()): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder: folder });
    } else {
      await migratePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder: folder });
    }
    // pg-boss's own tables (the job queue) in its schema, so a started app (and a test template) has them.
    await migrateJobSchema(database);
  });
}
