import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './auth';

/** What a host is: a Proxmox VE node or a Proxmox Backup Server. */
export const HOST_TYPES = ['pve', 'pbs'] as const;

export const hosts = pgTable(
  'hosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * 'pve': a Proxmox VE node (guests, counted by the plan's host limit); 'pbs': a Proxmox Backup Server (no guests,
     * not counted; polled by modules/pbs). A PBS keeps its address in pve_url and 'localhost' (its API's node) in
     * pve_node.
     */
    type: text('type', { enum: HOST_TYPES }).notNull().default('pve'),
    pveUrl: text('pve_url').notNull(),
    pveNode: text('pve_node').notNull(),
    username: text('username').notNull(),
    authType: text('auth_type', { enum: ['password', 'token'] }).notNull(),
    tokenName: text('token_name'),
    /** AES-256-GCM ciphertext of the password or token secret (iv.tag.ciphertext, base64url). */
    secretEncrypted: text('secret_encrypted').notNull(),
    tlsFingerprint: text('tls_fingerprint'),
    pveVersion: text('pve_version'),
    status: text('status', { enum: ['online', 'offline', 'unknown'] })
      .notNull()
      .default('unknown'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Node facts read at the last sync (memory, rootfs, storages, pending updates), used by the assistant. */
    facts: text('facts'),
    /**
     * Set only by code that creates a host itself (the demo's simulated nodes on loopback): such a host is not
     * checked against HOST_ADDRESS_POLICY. A host a person adds is always checked, in the demo organisation too.
     */
    addressTrusted: boolean('address_trusted').notNull().default(false),
    /**
     * The Proxmox cluster this node belongs to (`/cluster/status`), null when standalone. Registered hosts with the
     * same cluster name that list each other as nodes are one cluster: its guests are keyed by (cluster, vmid).
     */
    clusterName: text('cluster_name'),
    /** The cluster's node names as last read (recognising the registered hosts that are nodes of it). */
    clusterNodes: text('cluster_nodes').array(),
    /** The poller (pollers.ts): when this host is next due, how many polls failed in a row, the slower reads' times. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    pollFailures: integer('poll_failures').notNull().default(0),
    /** Set while a poll of the host is handed out or running: no second one starts beside it. */
    pollLeasedUntil: timestamp('poll_leased_until', { withTimezone: true }),
    inventoryAt: timestamp('inventory_at', { withTimezone: true }),
    versionsAt: timestamp('versions_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hosts_org_idx').on(t.organisationId), index('hosts_next_poll_idx').on(t.nextPollAt)],
);

export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    vmid: integer('vmid').notNull(),
    node: text('node').notNull(),
    type: text('type', { enum: ['qemu', 'lxc'] }).notNull(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    cpu: integer('cpu').notNull().default(0),
    cpuUsage: real('cpu_usage'),
    memoryMb: integer('memory_mb').notNull().default(0),
    storageGb: real('storage_gb').notNull().default(0),
    uptime: bigint('uptime', { mode: 'number' }).notNull().default(0),
    /** Proxmox tags (';'-separated there) and pool, for schedule selectors. */
    tags: text('tags').array().notNull().default([]),
    pool: text('pool'),
    /** PVE's `lock` at the last poll ('backup', 'snapshot', 'migrate', …): a guest stopped by a backup is not "down". */
    lock: text('lock'),
    /** Set when the guest was no longer on its host (deleted, or migrated off a host we do not manage): kept, so its tasks and history stay. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A gone guest keeps its row (and history); a new guest may reuse its vmid.
    uniqueIndex('guests_host_vmid_unique')
      .on(t.hostId, t.vmid)
      .where(sql`${t.goneAt} is null`),
    index('guests_org_idx').on(t.organisationId),
  ],
);

/** What a task is in: queued, then running, then one of the four ends. */
export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'skipped'] as const;

/** Who or what started a task, as shown beside it (a user's e-mail, an API key's name, a schedule's name). */
export interface TaskActor {
  type: 'user' | 'api_key' | 'schedule' | 'system';
  id: string | null;
  name: string;
}

/**
 * The user-visible face of every long operation (DESIGN.md §12): a guest action, and later bulk actions,
 * snapshots, backups. Its job runs in pg-boss; the row says how far it is, what PVE tasks (UPIDs) it follows and
 * how it ended. A host or guest deleted later leaves its tasks in place.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** 'guest.start', 'guest.stop', 'guest.restart', … */
    kind: text('kind').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    hostId: uuid('host_id').references(() => hosts.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id'),
    scheduleId: uuid('schedule_id'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdBy: jsonb('created_by').$type<TaskActor>().notNull(),
    upids: text('upids').array().notNull().default([]),
    error: text('error'),
    /** A parent task's children by outcome: {succeeded, failed, skipped}. */
    summary: jsonb('summary').$type<{ succeeded: number; failed: number; skipped: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** The process running the task, and when it last said so: a stale heartbeat means it died (task-recovery.ts). */
    runner: text('runner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_org_created_idx').on(t.organisationId, t.createdAt),
    index('tasks_host_idx').on(t.hostId),
    index('tasks_guest_idx').on(t.guestId),
    index('tasks_parent_idx').on(t.parentId),
    index('tasks_status_heartbeat_idx').on(t.status, t.heartbeatAt),
    uniqueIndex('tasks_schedule_occurrence_unique').on(t.scheduleId, t.scheduledFor),
  ],
);

/** A task's log, line by line (its own messages and, later, the PVE task log it follows). */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    line: text('line').notNull(),
  },
  (t) => [index('task_logs_task_idx').on(t.taskId, t.id)],
);

/** A registered host as stored: what its repository and the Proxmox connection (modules/pve) read. */
export type HostRow = typeof hosts.$inferSelect;
