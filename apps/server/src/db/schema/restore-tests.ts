import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './auth';
import { guests, hosts } from './hosts';

// Restore tests (issue 19, DESIGN.md §14): a backup restored isolated (every NIC link_down) to a free VMID,
// booted, probed from inside through the guest agent, timed, destroyed and proven gone; the signed evidence
// is kept with the row.

/** What the run measured, in seconds (a step not reached is absent). */
export interface RestoreTestTimings {
  restore_s?: number;
  boot_s?: number;
  healthy_s?: number;
  cleanup_s?: number;
}

export const restoreTests = pgTable(
  'restore_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The guest whose backup is tested; kept (null) when the guest or host is removed, with its name and vmid. */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    hostId: uuid('host_id').references(() => hosts.id, { onDelete: 'set null' }),
    guestName: text('guest_name').notNull(),
    guestType: text('guest_type', { enum: ['qemu', 'lxc'] }).notNull(),
    vmid: integer('vmid').notNull(),
    /** Asked for (POST backup), else the newest backup found at preflight. */
    backupVolid: text('backup_volid'),
    backupTime: timestamp('backup_time', { withTimezone: true }),
    targetNode: text('target_node').notNull(),
    /** Where the disks are restored; null: each disk to the storage its backup names. */
    targetStorage: text('target_storage'),
    /** The VMID the copy got (/cluster/nextid), recorded before the restore is sent so a resumed run can clean it up. */
    restoredVmid: integer('restored_vmid'),
    status: text('status', { enum: ['queued', 'running', 'passed', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    /** Why it was skipped or failed (English). */
    reason: text('reason'),
    rtoSeconds: real('rto_seconds'),
    timings: jsonb('timings').$type<RestoreTestTimings>().notNull().default({}),
    /** The probes asked for (contract Probe[]). */
    probes: jsonb('probes').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Each check's outcome (contract ProbeResult[]). */
    results: jsonb('results').$type<Record<string, unknown>[]>().notNull().default([]),
    /** The signed evidence document (contract RestoreTestEvidence), once the run ended past its preflight. */
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    taskId: uuid('task_id').notNull(),
    scheduleId: uuid('schedule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // Ascending: read backwards for ORDER BY … DESC (see backups_org_time_idx).
    index('restore_tests_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('restore_tests_guest_created_idx').on(t.guestId, t.createdAt),
    uniqueIndex('restore_tests_task_unique').on(t.taskId),
    // One restore test at a time per node: a second one is skipped at its preflight, never half-run.
    uniqueIndex('restore_tests_running_node_unique')
      .on(t.hostId, t.targetNode)
      .where(sql`${t.status} = 'running'`),
  ],
);
