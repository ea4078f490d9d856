import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './auth';
import { guests, hosts } from './hosts';

// The alerts tables (issue 18, DESIGN.md §13): each organisation's rules, the alerts they raised, the engine's
// state per rule and subject (so hysteresis, durations, cooldowns and flapping survive restarts and replicas), and
// the guest stops waiting to be checked against tasks, locks and windows.

/** One alert rule of an organisation (packages/contract/src/alerts.ts explains each field). */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    severity: text('severity').notNull(),
    trigger: real('trigger'),
    clear: real('clear'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    cooldownSeconds: integer('cooldown_seconds').notNull().default(300),
    maxPerHour: integer('max_per_hour').notNull().default(4),
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull().default({ all: true }),
    /** The order of the rule set as last PUT. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_org_idx').on(t.organisationId, t.position)],
);

/** Marks that an organisation's default rules were made once (a set the owner emptied stays empty). */
export const alertRuleDefaults = pgTable('alert_rule_defaults', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The default rule kinds the organisation was given: a kind added to the defaults later is given once to
   * organisations made before it (and never again after someone deletes its rule). Rows made before this column
   * had the first seven.
   */
  offeredKinds: text('offered_kinds')
    .array()
    .notNull()
    .default(sql`'{host_offline,guest_down,cpu,memory,disk,storage,collector_stale}'::text[]`),
});

export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    status: text('status', { enum: ['active', 'resolved'] })
      .notNull()
      .default('active'),
    /** 'host' | 'guest' | 'storage', its id (hosts.id, guests.id, storages.id) and its name when it opened. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    hostId: uuid('host_id').references(() => hosts.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    value: real('value'),
    threshold: real('threshold'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    silencedUntil: timestamp('silenced_until', { withTimezone: true }),
    escalationLevel: integer('escalation_level').notNull().default(0),
    flapping: boolean('flapping').notNull().default(false),
    groupId: uuid('group_id'),
    /** A notification went out when it opened: only then do its escalations and resolve go out too. */
    notified: boolean('notified').notNull().default(false),
  },
  (t) => [
    index('alerts_org_status_started_idx').on(t.organisationId, t.status, t.startedAt),
    index('alerts_org_resolved_idx').on(t.organisationId, t.resolvedAt),
    index('alerts_host_idx').on(t.hostId),
  ],
);

/**
 * The engine's memory per (rule, subject): where its condition stands, since when, the open alert, the recent
 * state changes (flapping) and notifications (cooldown, hourly cap). Times in `changes` and `notifications` are
 * epoch milliseconds.
 */
export const alertStates = pgTable(
  'alert_states',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    subjectKey: text('subject_key').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    condition: text('condition', { enum: ['ok', 'pending', 'firing'] })
      .notNull()
      .default('ok'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    activeAlertId: uuid('active_alert_id'),
    flappingAlertId: uuid('flapping_alert_id'),
    changes: jsonb('changes').$type<number[]>().notNull().default([]),
    notifications: jsonb('notifications').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.subjectKey] }), index('alert_states_org_idx').on(t.organisationId)],
);

/**
 * A running guest seen stopped (guest.state_changed), waiting for the evaluator to ask whether a task, a lock or a
 * maintenance window explains it (the check calls Proxmox, so it runs outside the event's transaction).
 */
export const alertGuestStops = pgTable(
  'alert_guest_stops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The outbox event: a re-delivered event adds nothing. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull(),
    /** The guest's PVE lock when the stop was seen ('backup', 'snapshot', 'migrate'…), null when none. */
    lock: text('lock'),
    /** Set once checked: 'explained: …' or 'unexplained'. */
    outcome: text('outcome'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_guest_stops_event_unique').on(t.eventId),
    index('alert_guest_stops_pending_idx')
      .on(t.organisationId, t.stoppedAt)
      .where(sql`${t.checkedAt} is null`),
  ],
);
