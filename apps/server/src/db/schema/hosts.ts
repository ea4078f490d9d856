import { bigint, boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from './auth';

export const hosts = pgTable(
  'hosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hosts_org_idx').on(t.organisationId)],
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
    lastBackupAt: timestamp('last_backup_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guests_host_vmid_unique').on(t.hostId, t.vmid), index('guests_org_idx').on(t.organisationId)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    upid: text('upid').notNull(),
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    hostId: uuid('host_id').references(() => hosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    status: text('status', { enum: ['running', 'ok', 'error'] })
      .notNull()
      .default('running'),
    exitStatus: text('exit_status'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('tasks_host_idx').on(t.hostId)],
);
