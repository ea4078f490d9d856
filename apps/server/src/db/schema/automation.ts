import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './auth';
import type { TaskActor } from './hosts';

/**
 * A maintenance window (DESIGN.md §12): on `days`, from `start` (HH:MM in `timezone`) for `duration_minutes`.
 * A mutating schedule attached to one starts only inside it.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'mon' … 'sun'. */
    days: text('days').array().notNull(),
    start: text('start').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_windows_org_idx').on(t.organisationId)],
);

/**
 * A schedule: a job kind run on the guests its selector picks, at each occurrence of its cron (5 fields) in its
 * time zone. Each occurrence is one task (tasks.schedule_id + scheduled_for, unique: exactly once across replicas).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'snapshot' | 'guest_action'. */
    kind: text('kind').notNull(),
    cron: text('cron').notNull(),
    timezone: text('timezone').notNull(),
    /** Deleting a window that schedules use is refused (409), so this never dangles. */
    windowId: uuid('window_id').references(() => maintenanceWindows.id, { onDelete: 'restrict' }),
    selector: jsonb('selector').$type<Record<string, unknown>>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    catchUp: boolean('catch_up').notNull().default(false),
    /** The newest occurrence handled (run or skipped): catch-up and the next occurrence count from it. */
    lastOccurrenceAt: timestamp('last_occurrence_at', { withTimezone: true }),
    createdBy: jsonb('created_by').$type<TaskActor>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedules_org_idx').on(t.organisationId), index('schedules_window_idx').on(t.windowId)],
);
