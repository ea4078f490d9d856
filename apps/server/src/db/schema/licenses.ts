import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from './auth';

export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    planType: text('plan_type', { enum: ['free', 'essential', 'pro', 'enterprise'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    features: jsonb('features').$type<Record<string, boolean>>().notNull(),
    limits: jsonb('limits').$type<{ max_hosts: number; max_vms: number; max_users: number; max_storage_gb: number }>().notNull(),
    /** Ed25519 signature (base64) over the canonical JSON of the licence's signed fields. */
    signature: text('signature').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('licences_org_issued_idx').on(t.organisationId, t.issuedAt)],
);
