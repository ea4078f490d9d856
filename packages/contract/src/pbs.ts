import { z } from 'zod';

// Proxmox Backup Server hosts (issue 19): the PBS card (from the host list) and the PBS page's datastores, jobs
// and failed tasks (GET /hosts/{id}/pbs).
export const PBS_DEFAULT_PORT = 8007;

const Bytes = z.number().nullable().meta({ description: 'Bytes; null when the PBS could not read the datastore' });
const When = z.string().nullable().meta({ description: 'ISO time; null when unknown or never' });

/** One datastore as the last poll read it: what the dashboard's PBS card shows, without asking the PBS. */
export const PbsDatastoreSummarySchema = z
  .object({
    name: z.string(),
    total: Bytes,
    used: Bytes,
    avail: Bytes,
    forecast_full_at: When.meta({
      description: 'When it fills up at the pace of its last 30 days (linear fit); null when not filling or too little history',
    }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why the PBS could not read it (maintenance mode, not mounted…), as the PBS says' }),
  })
  .meta({ id: 'PbsDatastoreSummary' });
export type PbsDatastoreSummary = z.infer<typeof PbsDatastoreSummarySchema>;

/** The `pbs` field of a PBS host in GET /hosts: its datastores and failed tasks as last polled. */
export const PbsHostSummarySchema = z
  .object({
    datastores: z.array(PbsDatastoreSummarySchema),
    failed_tasks_24h: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Tasks that ended in an error during the last 24 hours; null before the first read' }),
    read_at: z.string().meta({ description: 'When the PBS was last read (ISO)' }),
  })
  .meta({ id: 'PbsHostSummary' });
export type PbsHostSummary = z.infer<typeof PbsHostSummarySchema>;

/** The datastore's last garbage collection. */
export const PbsGcStatusSchema = z
  .object({
    last_run_at: When,
    state: z.string().nullable().meta({ description: "As PBS says: 'OK', 'WARNINGS: 2', an error text; null when unknown" }),
    removed_bytes: z.number().nullable(),
    pending_bytes: z.number().nullable(),
    upid: z.string().nullable(),
  })
  .meta({ id: 'PbsGcStatus' });
export type PbsGcStatus = z.infer<typeof PbsGcStatusSchema>;

export const PbsSnapshotRefSchema = z.object({
  backup_type: z.enum(['vm', 'ct', 'host']),
  backup_id: z.string(),
  backup_time: z.string().meta({ description: 'ISO' }),
});
export type PbsSnapshotRef = z.infer<typeof PbsSnapshotRefSchema>;

export const PbsDatastoreDetailSchema = PbsDatastoreSummarySchema.extend({
  gc: PbsGcStatusSchema.nullable(),
  /** null when the snapshots could not be read (then `error` says why). */
  snapshot_count: z.number().int().nullable(),
  group_count: z.number().int().nullable(),
  failed_verifications: z.number().int().nullable().meta({ description: 'Snapshots whose last verification failed' }),
  unverified: z.number().int().nullable().meta({ description: 'Snapshots never verified' }),
  /** The newest of them, at most 20. */
  failed_snapshots: z.array(PbsSnapshotRefSchema),
  last_verify_at: When,
}).meta({ id: 'PbsDatastoreDetail' });
export type PbsDatastoreDetail = z.infer<typeof PbsDatastoreDetailSchema>;

export const PBS_JOB_TYPES = ['gc', 'prune', 'verify', 'sync'] as const;
export type PbsJobType = (typeof PBS_JOB_TYPES)[number];

export const PbsJobSchema = z
  .object({
    type: z.enum(PBS_JOB_TYPES),
    id: z.string(),
    store: z.string(),
    schedule: z.string().nullable(),
    enabled: z.boolean(),
    last_run_at: When,
    last_state: z.string().nullable().meta({ description: "As PBS says: 'OK', 'WARNINGS: n', an error text" }),
    next_run_at: When,
    comment: z.string().nullable(),
  })
  .meta({ id: 'PbsJob' });
export type PbsJob = z.infer<typeof PbsJobSchema>;

export const PbsTaskSchema = z
  .object({
    upid: z.string(),
    type: z.string().meta({ description: "PBS worker type: 'backup', 'verificationjob', 'garbage_collection'…" }),
    worker_id: z.string().nullable(),
    user: z.string(),
    started_at: z.string(),
    ended_at: z.string().nullable(),
    status: z.string().meta({ description: 'Its end as PBS says (an error text)' }),
  })
  .meta({ id: 'PbsTask' });
export type PbsTask = z.infer<typeof PbsTaskSchema>;

/** Parts of the page the PBS refused to answer (a token without the privilege); the rest is shown. */
export const PBS_PAGE_PARTS = ['gc', 'prune', 'verify', 'sync', 'tasks'] as const;

/** GET /hosts/{id}/pbs: read live from the PBS (kept 30 s). */
export const PbsHostDetailSchema = z
  .object({
    host_id: z.uuid(),
    name: z.string(),
    version: z.string().nullable(),
    read_at: z.string(),
    datastores: z.array(PbsDatastoreDetailSchema),
    jobs: z.array(PbsJobSchema),
    /** Failed tasks of the last 7 days, newest first (at most 50). */
    tasks: z.array(PbsTaskSchema),
    unreadable: z.array(z.enum(PBS_PAGE_PARTS)),
  })
  .meta({ id: 'PbsHostDetail' });
export type PbsHostDetail = z.infer<typeof PbsHostDetailSchema>;
