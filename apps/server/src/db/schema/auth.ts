import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /**
   * Raised by every change to the organisation's hosts or guests (sync, guest action, host added or removed), so
   * any replica can tell with one small read whether its cached dashboard answers are still current.
   */
  fleetVersion: bigint('fleet_version', { mode: 'number' }).notNull().default(0),
  /** End of the 14-day Pro trial a new organisation starts with (SPEC.md §9); null: no trial. */
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** The demo organisation (simulated hosts): runs on Pro. */
  demo: boolean('demo').notNull().default(false),
  /** Every member must have a second factor (enrolment forced at their next sign-in). */
  requireMfa: boolean('require_mfa').notNull().default(false),
  /** Sensitive actions a second member must approve (four-eyes); see APPROVAL_ACTIONS in the contract. */
  approvalActions: jsonb('approval_actions').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    /** Platform role: `admin` is vendor staff (issues licences), `user` everyone else. */
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /**
     * The organisation a new session of this person opens in (the last one switched to); the role in it and in
     * any other comes from `memberships`.
     */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('fr'),
    /** IANA time zone chosen in the profile (schedules show their next runs in it). */
    timezone: text('timezone'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_org_idx').on(t.organisationId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the 32-byte token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The organisation this session acts in (POST /auth/switch-organisation); null: none. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    magicTokenHash: text('magic_token_hash').notNull(),
    /** The language asked for with the code: the account created at its first verification speaks it. */
    language: text('language'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_codes_email_idx').on(t.email), uniqueIndex('login_codes_magic_unique').on(t.magicTokenHash)],
);

export const oauthHandoffs = pgTable(
  'oauth_handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    handoffHash: text('handoff_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_handoffs_hash_unique').on(t.handoffHash)],
);

/** Pending OpenID Connect logins: state → nonce and PKCE verifier, kept 10 minutes. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Failed administrator password attempts per account (lower-cased e-mail, known or not): past the limit the
 * account is locked for a while, on every replica, whatever the client's address.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who did it: a person, an API key, a schedule or the server itself (`actor_type`), its id and its name (a
     * person's e-mail, the key's or the schedule's name, 'ProxAI'). Records written before migration 0020 have no
     * type: their actor is `actor_id` and `actor_email` (and is hashed in that older shape).
     */
    actorType: text('actor_type', { enum: ['user', 'api_key', 'schedule', 'system'] }),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    /** A person's e-mail (the name of a `user` actor), kept for the filters. */
    actorEmail: text('actor_email'),
    organisationId: uuid('organisation_id'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The domain event this record was made from (the audit subscriber): at most one record per event. */
    eventId: bigint('event_id', { mode: 'number' }),
    /**
     * The hash chain (modules/audit/audit-chain.ts): `org:<id>` or `platform`, the record's number in it, the
     * previous record's hash and its own. Null on records written before the chain existed (migration 0017).
     */
    chain: text('chain'),
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_org_at_idx').on(t.organisationId, t.at),
    uniqueIndex('audit_events_event_unique').on(t.eventId),
    uniqueIndex('audit_events_chain_seq_unique').on(t.chain, t.seq),
  ],
);

/** Each audit chain's end: the number and hash of its last record (locked while a record is appended). */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /** Records since the last signed head. */
  sinceSigned: integer('since_signed').notNull().default(0),
});

/** Heads signed with the evidence key (Ed25519) every AUDIT_SIGN_EVERY records: they pin the chain's past. */
export const auditSignedHeads = pgTable(
  'audit_signed_heads',
  {
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [uniqueIndex('audit_signed_heads_chain_seq_unique').on(t.chain, t.seq)],
);

/**
 * Where an archived chain now starts (modules/audit/audit-archive.ts): the last archived record's number and hash,
 * signed with the evidence key when it was archived. The remaining records link to it; an export of them starts
 * with it, so `npm run audit:verify` checks them from there.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    /** The first record of the archive this checkpoint closed, and the time of its last one. */
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [uniqueIndex('audit_checkpoints_chain_seq_unique').on(t.chain, t.seq)],
);
