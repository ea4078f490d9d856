import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A known value sealed with the key of the first process that started on this database (PROXAI_SECRET_KEY, or the
 * one generated into its DATA_DIR). Every start opens it: a replica given another key refuses to start rather than
 * fail later on every credential another replica sealed (modules/hosts/secret-check.ts). One row, `id` = 'secret_key'.
 */
export const secretKeyChecks = pgTable('secret_key_checks', {
  id: text('id').primaryKey(),
  sealed: text('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
