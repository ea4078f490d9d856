import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permission } from '@proxai/contract/permissions';
import { organisations, users } from './auth';

/**
 * An organisation's API keys (DESIGN.md §16): the secret is kept as its SHA-256 only; `prefix` (public) names the
 * key in lists and finds its row. Its rights at every request: `scopes` ∩ its creator's current permissions.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Whose rights bound the key's; a key whose creator is gone or left the organisation no longer works. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<Permission[]>().notNull(),
    hostIds: uuid('host_ids').array(),
    tags: text('tags').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'revoked' (by a person) or 'creator_left'. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('api_keys_prefix_unique').on(t.prefix), index('api_keys_org_idx').on(t.organisationId)],
);
