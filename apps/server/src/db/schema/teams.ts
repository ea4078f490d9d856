import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORG_ROLES } from '@proxai/contract/permissions';
import { organisations, sessions, users } from './auth';

// Teams and second factors (DESIGN.md §15).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Who belongs to which organisation, with which role: a person may belong to several. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organisationId] }), index('memberships_org_idx').on(t.organisationId)],
);

/** A pending invitation: the link's token is stored as its SHA-256 only; single use, 7 days. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ORG_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invites_token_unique').on(t.tokenHash),
    index('invites_org_idx').on(t.organisationId),
    index('invites_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** A TOTP secret (sealed like host credentials); `confirmedAt` null until a first code proved the enrolment. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Recovery codes, stored as SHA-256; each single use. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A registered passkey (WebAuthn credential). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * One-time server challenges: WebAuthn registrations and sign-ins, the second step of a sign-in (`mfa`), and
 * step-up checks bound to one request's hash. Looked up by the SHA-256 of what the client holds.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['mfa', 'passkey_register', 'passkey_sign_in', 'step_up'] }).notNull(),
    /** SHA-256 of the token the client holds (the mfa_token, the challenge id, the step-up challenge). */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** The WebAuthn challenge (base64url) given with options, if any. */
    webauthnChallenge: text('webauthn_challenge'),
    /** For step-up: SHA-256 of the request's method, path and canonical body. */
    requestHash: text('request_hash'),
    /** An e-mailed code (step-up by e-mail), as SHA-256 with the row id. */
    emailCodeHash: text('email_code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** Sign-in method that led here (for the audit), or `enrol` when the second step must enrol a factor. */
    detail: text('detail'),
    verifiedMethod: text('verified_method'),
    /** For step-up: SHA-256 of the proof token handed out once verified. */
    proofHash: text('proof_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_challenges_token_unique').on(t.tokenHash),
    uniqueIndex('auth_challenges_proof_unique').on(t.proofHash),
  ],
);

/**
 * A sensitive request held for a second member's approval (four-eyes, per organisation): run as its requester
 * once approved, within 24 hours.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    body: jsonb('body'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'denied', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    resultStatus: integer('result_status'),
    resultDetail: text('result_detail'),
  },
  (t) => [index('approvals_org_idx').on(t.organisationId, t.requestedAt)],
);
