import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox of domain events (DESIGN.md §12): a change and the event describing it are written in one
 * transaction; the id orders them and is the SSE event id (`Last-Event-ID` resumes after it).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Who made the change, when a person or key did (the audit subscriber records it). */
    actor: jsonb('actor').$type<{
      type: 'user' | 'api_key' | 'schedule' | 'system';
      id: string | null;
      name: string;
      ip?: string;
    }>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_org_id_idx').on(t.organisationId, t.id)],
);

/** Single-use tickets that let a browser's EventSource (which cannot send headers) open the event stream. */
export const eventTickets = pgTable('event_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * How far each durable subscriber of the outbox (the audit log; later alerts and webhooks) has read: one row per
 * subscriber, moved forward in the transaction in which it handled the events (events/dispatcher.ts).
 */
export const eventCursors = pgTable('event_cursors', {
  subscriber: text('subscriber').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  /** The newest event when the subscriber first ran: nothing older is ever delivered to it. */
  startEventId: bigint('start_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
