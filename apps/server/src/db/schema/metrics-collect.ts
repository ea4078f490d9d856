import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from './auth';
import { guests, hosts } from './hosts';

// The tables of metric collection (issue 18): history backfill, guest-agent reads, Prometheus scrape tokens.

export const BACKFILL_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The history backfill of a host from Proxmox's rrddata, made once when it is added. The row is its progress
 * (resumable after a restart: `done_keys` lists the subjects already written) and what the UI shows, so it never
 * says "Collecting history" forever (rcourtman/Pulse#1717): it ends done or failed with a reason.
 */
export const metricBackfills = pgTable('metric_backfills', {
  hostId: uuid('host_id')
    .primaryKey()
    .references(() => hosts.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  state: text('state', { enum: BACKFILL_STATES }).notNull().default('queued'),
  total: integer('total').notNull().default(0),
  /** Subject keys ('node:…', 'guest:…', 'storage:…') already backfilled. */
  doneKeys: text('done_keys').array().notNull().default([]),
  error: text('error'),
  /** Attempts that failed on the host as a whole (unreachable, refused): the backfill fails after a few. */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** Held by the job running it (renewed as it goes); a lost job's lease runs out and another resumes it. */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leaseOwner: text('lease_owner'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Guest-agent reads per host: `next_at` is when the host's next minute of reads may start. Claiming a host moves
 * it a minute on in the same statement, so whichever replica claims it, one host gets one minute of reads per minute.
 */
export const metricAgentHosts = pgTable(
  'metric_agent_hosts',
  {
    hostId: uuid('host_id')
      .primaryKey()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('metric_agent_hosts_next_idx').on(t.nextAt)],
);

export const AGENT_STATUSES = ['ok', 'not_configured', 'not_running', 'error'] as const;

/** The last guest-agent read of each VM: its outcome, the memory it gave, and when to try again after a refusal. */
export const metricAgentGuests = pgTable(
  'metric_agent_guests',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AGENT_STATUSES }).notNull(),
    /** Refusals in a row (backoff doubles with each). */
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** MemTotal − MemAvailable and MemTotal at the last successful read (bytes). */
    memAgent: bigint('mem_agent', { mode: 'number' }),
    memTotal: bigint('mem_total', { mode: 'number' }),
    lastError: text('last_error'),
  },
  (t) => [index('metric_agent_guests_host_idx').on(t.hostId, t.lastAttemptAt)],
);

/** One Prometheus scrape token per organisation (Prometheus cannot sign in); only its SHA-256 is kept. */
export const metricScrapeTokens = pgTable(
  'metric_scrape_tokens',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('metric_scrape_tokens_hash_unique').on(t.tokenHash)],
);
