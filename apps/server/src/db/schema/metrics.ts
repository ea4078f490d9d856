import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from './auth';
import { hosts } from './hosts';

// The metrics tables (issue 18, DESIGN.md §13, ADR 011): storages as the poll sees them, the staging of live
// samples, the compressed tiers and the rollups' progress.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A storage as a node lists it (`/cluster/resources` type=storage): shared storage has one row per node. */
export const storages = pgTable(
  'storages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    node: text('node').notNull(),
    /** PVE's storage id. */
    name: text('name').notNull(),
    /** PVE's plugintype (dir, lvmthin, zfspool, nfs, rbd, pbs, …). */
    type: text('type').notNull(),
    shared: boolean('shared').notNull().default(false),
    content: text('content').notNull().default(''),
    used: bigint('used', { mode: 'number' }),
    total: bigint('total', { mode: 'number' }),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storages_host_node_name_unique').on(t.hostId, t.node, t.name),
    index('storages_org_idx').on(t.organisationId),
  ],
);

/**
 * Live samples not yet compacted: one row per write (a host's poll, a batch of agent reads), all its subjects packed:
 * `subjects` (subject keys, comma-separated), `mask` (bit i set: metric i of the catalogue is in the row), `packed`
 * (float32 little-endian, `stride` = the mask's bit count per subject, NaN where no sample). Binary and unparsed, a
 * poll of 500 guests costs PostgreSQL one small insert. Compacted rows stay a few minutes for latestValues.
 */
export const metricSamples = pgTable(
  'metric_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    subjects: text('subjects').notNull(),
    mask: integer('mask').notNull(),
    stride: smallint('stride').notNull(),
    packed: bytea('packed').notNull(),
    compacted: boolean('compacted').notNull().default(false),
  },
  (t) => [
    index('metric_samples_org_at_idx').on(t.organisationId, t.at),
    index('metric_samples_pending_idx')
      .on(t.at)
      .where(sql`not ${t.compacted}`),
  ],
);

/**
 * The stored history: one row per subject, tier (step in seconds: 60, 300, 3600) and period (`start`, epoch
 * seconds; a block holds 60, 288 or 240 steps), every metric's avg and max quantised and deflated (store/codec.ts).
 */
export const metricBlocks = pgTable(
  'metric_blocks',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind', { enum: ['node', 'guest', 'storage'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    tier: integer('tier').notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.subjectKind, t.tier, t.start] }),
    index('metric_blocks_tier_start_idx').on(t.tier, t.start),
  ],
);

/** The rollups' progress: up to which epoch second each coarser tier was computed. */
export const metricState = pgTable('metric_state', {
  key: text('key').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});
