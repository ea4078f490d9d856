import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from './auth';

// The notifications tables (issue 18): channels, each person's preferences, and one delivery row per message and
// recipient (a channel, or a person's e-mail), which is also the delivery log, the dead-letter list and the
// quiet-hours hold.

/**
 * Where alerts go: the organisation's channels, and each person's own (`user_id` set: only that person sees and
 * manages it). URLs of chat webhooks, tokens and webhook secrets are sealed (secret box, AES-256-GCM).
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** A personal channel's owner; null: the organisation's. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' | 'webhook' | 'slack' | 'discord' | 'teams' | 'ntfy' | 'gotify'. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The full URL, sealed: a Slack/Discord/Teams webhook URL is itself a credential. */
    urlSealed: text('url_sealed'),
    /** What the API shows of the URL (scheme, host and a hint of the path). */
    urlDisplay: text('url_display'),
    address: text('address'),
    tokenSealed: text('token_sealed'),
    /** Generic webhooks: the whsec_ secret, and the previous one until previous_secret_expires_at (rotation). */
    secretSealed: text('secret_sealed'),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    minSeverity: text('min_severity').notNull().default('info'),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull().default({ all: true }),
    quietHours: jsonb('quiet_hours').$type<Record<string, unknown> | null>(),
    enabled: boolean('enabled').notNull().default(true),
    /** What its messages are written in (a language of the UI); channels made before languages were English. */
    language: text('language').notNull().default('en'),
    /**
     * Domain event types an organisation's generic webhook subscribes to (issue 21), sent besides alerts; empty:
     * alerts only (every channel made before subscriptions existed).
     */
    events: text('events').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_channels_org_idx').on(t.organisationId), index('notification_channels_user_idx').on(t.userId)],
);

/** What reaches one person by e-mail; a person without a row gets the defaults (notifications.routing.ts). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull(),
  minSeverity: text('min_severity').notNull(),
  quietHours: jsonb('quiet_hours').$type<Record<string, unknown> | null>(),
  channelIds: jsonb('channel_ids').$type<string[] | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message to one recipient. `dedupe_key` (source event + recipient) makes the outbox subscribers idempotent, and
 * a channel gets at most one delivery of an event (`channel_id, event_id`), whichever subscriber routed it;
 * `claimed_at` is the lease of the job attempting it (a crashed attempt is handed out again once it lapses).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => notificationChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    /** The Standard Webhooks message id (msg_…), the same on every attempt and replay. */
    messageId: text('message_id').notNull(),
    alertId: uuid('alert_id'),
    severity: text('severity'),
    summary: text('summary').notNull(),
    /** The event's data (digests: {from, to, entries}), what the formatters render. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** When the message happened (the webhook body's timestamp). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Retries stop (dead letter) after this instant: 24 h after the first send or the last replay. */
    retryUntil: timestamp('retry_until', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** A held message: the digest delivery that carried it. */
    digestId: uuid('digest_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_dedupe_unique').on(t.dedupeKey),
    uniqueIndex('notification_deliveries_channel_event_unique')
      .on(t.channelId, t.eventId)
      .where(sql`${t.channelId} is not null and ${t.eventId} is not null`),
    index('notification_deliveries_channel_idx').on(t.channelId, t.createdAt),
    index('notification_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
