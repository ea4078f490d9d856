import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './auth';
import { guests, hosts } from './hosts';

// The backup inventory (issue 19, DESIGN.md §14): every backup the portal found on a PVE storage
// (content=backup) or a PBS datastore, which storages it could read, when each host was last read, and the
// guests marked critical in the portal.

/**
 * One backup as last read. `host_id` is the host whose storage (or PBS datastore) lists it: a storage shared by
 * the nodes of a cluster is read by one of them only, so a backup has one row. Rows no longer listed at a
 * refresh of their storage are deleted.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    /** The guest it was taken of (same cluster or host, same vmid); null when no registered guest matches. */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    vmid: integer('vmid').notNull(),
    guestType: text('guest_type', { enum: ['qemu', 'lxc'] }).notNull(),
    source: text('source', { enum: ['pve-storage', 'pbs'] }).notNull(),
    /** The PVE storage id (source pve-storage). */
    storage: text('storage'),
    /** The PBS datastore (source pbs, or a PVE storage of type pbs when known). */
    datastore: text('datastore'),
    volid: text('volid').notNull(),
    backupTime: timestamp('backup_time', { withTimezone: true }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    format: text('format').notNull(),
    verifyState: text('verify_state', { enum: ['ok', 'failed', 'none'] }),
    encrypted: boolean('encrypted'),
    protected: boolean('protected').notNull().default(false),
    notes: text('notes'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('backups_host_volid_unique').on(t.hostId, t.volid),
    // GET /api/backups: newest first, keyset on (backup_time, id).
    // Ascending on purpose: read backwards it gives ORDER BY … DESC (NULLS FIRST, PostgreSQL's default for DESC);
    // drizzle's .desc() makes DESC NULLS LAST, which that ORDER BY cannot use (the planner then sorts the whole table).
    index('backups_org_time_idx').on(t.organisationId, t.backupTime, t.id),
    index('backups_guest_time_idx').on(t.guestId, t.backupTime),
    index('backups_host_storage_idx').on(t.hostId, t.storage),
  ],
);

/** Whether each backup storage (or PBS datastore) of a host could be read at its last refresh. */
export const backupStorages = pgTable(
  'backup_storages',
  {
    hostId: uuid('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    /** The PVE storage id, or the PBS datastore name. */
    storage: text('storage').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** PVE storage type ('dir', 'pbs', 'nfs'…), or 'datastore' on a PBS. */
    type: text('type').notNull(),
    shared: boolean('shared').notNull().default(false),
    readable: boolean('readable').notNull(),
    /** Why it could not be read (English, as Proxmox said it). */
    error: text('error'),
    backupCount: integer('backup_count').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.storage] }), index('backup_storages_org_idx').on(t.organisationId)],
);

/** Each host's inventory refresh: when it is next due, how the last one went, and what the token may see. */
export const backupHosts = pgTable(
  'backup_hosts',
  {
    hostId: uuid('host_id')
      .primaryKey()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Refreshes failed in a row (0 after one that worked): the next try comes sooner than the interval. */
    refreshFailures: integer('refresh_failures').notNull().default(0),
    /** Datastore.Audit on /storage (PVE lists no backup of a storage without it); null: not known. */
    canAuditStorage: boolean('can_audit_storage'),
    /** VM.Audit on /vms (PVE silently drops the backups of guests the token may not see). */
    canAuditGuests: boolean('can_audit_guests'),
    /** VM.Backup on /vms (backup policies and "Back up now" need it). */
    canBackup: boolean('can_backup'),
    /**
     * What the cluster (or standalone node) says of itself, read by the host that reads its shared storages:
     * PVE's own backup jobs (`/cluster/backup`) and the guests none of them selects
     * (`/cluster/backup-info/not-backed-up`), as the contract's PveBackupJob / NotBackedUp minus host_id and guest_id.
     * Null when not read (another member reads them) or refused.
     */
    pveJobs: jsonb('pve_jobs').$type<Record<string, unknown>[]>(),
    notBackedUp: jsonb('not_backed_up').$type<{ vmid: number; name: string | null; type: 'qemu' | 'lxc' }[]>(),
  },
  (t) => [index('backup_hosts_next_idx').on(t.nextRefreshAt)],
);

/** Guests marked critical in the portal (a guest is also critical when it carries the Proxmox tag `critical`). */
export const guestFlags = pgTable(
  'guest_flags',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    critical: boolean('critical').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('guest_flags_org_idx').on(t.organisationId)],
);
