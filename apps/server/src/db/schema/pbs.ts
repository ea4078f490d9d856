import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { hosts } from './hosts';

/** One datastore of a Proxmox Backup Server as its last poll read it (`GET /status/datastore-usage`). */
export interface PbsDatastoreUsageRow {
  name: string;
  /** Bytes; null when the PBS could not read the datastore (maintenance, unmounted): then `error` says why. */
  total: number | null;
  used: number | null;
  avail: number | null;
  /** When it fills up at the pace of its last 30 days (ISO), null when not filling or without enough history. */
  forecastFullAt: string | null;
  error: string | null;
}

/**
 * What the light poll of a Proxmox Backup Server host read last (modules/pbs/pbs-poll.ts): its datastores' usage
 * every cycle, its failed tasks every few minutes. The PBS card of the dashboard is drawn from it without asking
 * the PBS; the PBS page reads the PBS live.
 */
export const pbsStates = pgTable('pbs_states', {
  hostId: uuid('host_id')
    .primaryKey()
    .references(() => hosts.id, { onDelete: 'cascade' }),
  datastores: jsonb('datastores').$type<PbsDatastoreUsageRow[]>().notNull().default([]),
  /** Tasks that ended in an error during the 24 hours before `tasksReadAt`; null before the first read. */
  failedTasks: integer('failed_tasks'),
  tasksReadAt: timestamp('tasks_read_at', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});
