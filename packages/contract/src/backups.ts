import { z } from 'zod';
import { TaskSchema } from './tasks';

// Backups (issue 19): the inventory, backup policies, "Back up now" and restores.

export const BACKUP_MODES = ['snapshot', 'suspend', 'stop'] as const;
export const BackupModeSchema = z.enum(BACKUP_MODES);
export type BackupMode = z.infer<typeof BackupModeSchema>;

export const BACKUP_COMPRESSIONS = ['zstd', 'gzip', 'lzo', 'none'] as const;
export const BackupCompressionSchema = z.enum(BACKUP_COMPRESSIONS);
export type BackupCompression = z.infer<typeof BackupCompressionSchema>;

/** A Proxmox storage id (`local`, `pbs-main`). */
export const StorageIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9\-_.]{1,99}$/, 'a Proxmox storage id: a letter, then letters, digits, -, _ or .');

const keep = z.number().int().min(0).max(1000).default(0);

/**
 * A backup policy (schedule kind `backup`): vzdump per node inside its window. The keep rules are passed as
 * `prune-backups`; all zero leaves the storage's own retention in force.
 */
export const BackupPolicyParamsSchema = z
  .object({
    storage: StorageIdSchema,
    mode: BackupModeSchema.default('snapshot'),
    compress: BackupCompressionSchema.default('zstd'),
    keep_last: keep,
    keep_daily: keep,
    keep_weekly: keep,
    keep_monthly: keep,
    /** vzdump's notes template: {{guestname}}, {{vmid}}, {{node}}, {{cluster}}. */
    notes_template: z.string().trim().max(1024).default('{{guestname}}'),
    /** KiB/s; null = the storage's or datacenter's limit. */
    bwlimit_kib: z.number().int().min(1).max(100_000_000).nullable().default(null),
    protected: z.boolean().default(false),
  })
  .meta({ id: 'BackupPolicyParams' });
export type BackupPolicyParams = z.infer<typeof BackupPolicyParamsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The inventory: GET /api/backups and GET /api/backups/coverage.

export const BACKUP_SOURCES = ['pve-storage', 'pbs'] as const;
export const BACKUP_VERIFY_STATES = ['ok', 'failed', 'none'] as const;

/** One backup as the last refresh of its storage (or PBS datastore) listed it. */
export const BackupSchema = z
  .object({
    id: z.uuid(),
    /** The guest it was taken of; null when no registered guest has its vmid (a deleted guest, another cluster). */
    guest_id: z.uuid().nullable(),
    /** That guest's name (null with guest_id). */
    guest_name: z.string().nullable(),
    /** The PVE host whose storage lists it, or the PBS host. */
    host_id: z.uuid(),
    vmid: z.number().int(),
    guest_type: z.enum(['qemu', 'lxc']),
    source: z.enum(BACKUP_SOURCES),
    /** The PVE storage id (source pve-storage), else null. */
    storage: z.string().nullable(),
    /** The PBS datastore (source pbs), else null. */
    datastore: z.string().nullable(),
    /** `local:backup/vzdump-qemu-100-2024_06_30-23_00_02.vma.zst`, `pbs:backup/vm/100/2024-06-30T21:00:02Z`. */
    volid: z.string(),
    backup_time: z.string(),
    size_bytes: z.number().nullable(),
    /** vma.zst, tar.zst, pbs-vm, pbs-ct… */
    format: z.string(),
    /** PBS verification ('none': never verified); null where there is no such thing (directory storages). */
    verify_state: z.enum(BACKUP_VERIFY_STATES).nullable(),
    encrypted: z.boolean().nullable(),
    protected: z.boolean(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Backup' });
export type Backup = z.infer<typeof BackupSchema>;

/**
 * Whether a backup storage could be read at its last refresh. PVE silently leaves out the backups of guests the
 * token may not see, and answers 403 for a storage it may not audit: an unreadable storage means the list is
 * incomplete, not that there are no backups.
 */
export const BackupStorageReadSchema = z
  .object({
    host_id: z.uuid(),
    /** The PVE storage id, or the PBS datastore. */
    storage: z.string(),
    /** PVE storage type (dir, nfs, pbs…), or 'datastore' on a PBS. */
    type: z.string(),
    readable: z.boolean(),
    error: z.string().nullable(),
    backup_count: z.number().int(),
    checked_at: z.string(),
  })
  .meta({ id: 'BackupStorageRead' });
export type BackupStorageRead = z.infer<typeof BackupStorageReadSchema>;

export const BackupPageSchema = z
  .object({
    items: z.array(BackupSchema),
    next_cursor: z.string().nullable(),
    readable_storages: z.array(BackupStorageReadSchema),
  })
  .meta({ id: 'BackupPage' });
export type BackupPage = z.infer<typeof BackupPageSchema>;

/** GET /api/backups: newest first. */
export const BackupListQuerySchema = z.object({
  guest_id: z.uuid().optional(),
  host_id: z.uuid().optional(),
  /** Only backups taken at or after this instant (ISO 8601). */
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type BackupListQuery = z.input<typeof BackupListQuerySchema>;

export const BackupCoverageQuerySchema = z.object({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
});

/** A guest with no backup in the inventory within the asked hours. */
export const GuestWithoutBackupSchema = z.object({
  guest_id: z.uuid(),
  name: z.string(),
  vmid: z.number().int(),
  host_id: z.uuid(),
  last_backup_at: z.string().nullable(),
  /** Marked critical in ProxAI, or carrying the Proxmox tag `critical`. */
  critical: z.boolean(),
});

/** PVE's own `/cluster/backup-info/not-backed-up`: guests no backup job of the cluster selects. */
export const NotBackedUpSchema = z.object({
  host_id: z.uuid(),
  vmid: z.number().int(),
  name: z.string().nullable(),
  type: z.enum(['qemu', 'lxc']),
  guest_id: z.uuid().nullable(),
});

/** One of PVE's own backup jobs (`/cluster/backup`), shown read-only beside ProxAI's policies. */
export const PveBackupJobSchema = z.object({
  host_id: z.uuid(),
  id: z.string(),
  schedule: z.string().nullable(),
  storage: z.string().nullable(),
  mode: z.string().nullable(),
  enabled: z.boolean(),
  /** What it selects: the vmids listed, every guest (minus `exclude`), or a pool. */
  vmids: z.array(z.number().int()).nullable(),
  all: z.boolean(),
  exclude: z.array(z.number().int()),
  pool: z.string().nullable(),
  next_run: z.string().nullable(),
  comment: z.string().nullable(),
});

/**
 * Each host's last inventory refresh, and what its token may see: without VM.Audit PVE leaves out, without a word,
 * the backups of guests it hides; without Datastore.Audit it refuses the storage. Null: not known (not read yet).
 */
export const BackupInventoryHostSchema = z.object({
  host_id: z.uuid(),
  refreshed_at: z.string().nullable(),
  last_error: z.string().nullable(),
  can_audit_storage: z.boolean().nullable(),
  can_audit_guests: z.boolean().nullable(),
  can_backup: z.boolean().nullable(),
});

export const BackupCoverageSchema = z
  .object({
    hours: z.number().int(),
    guests_without_backup: z.array(GuestWithoutBackupSchema),
    not_backed_up_pve: z.array(NotBackedUpSchema),
    /** ProxAI's backup tasks (policies, "Back up now", restores) that failed within the hours. */
    failed_jobs: z.array(TaskSchema),
    pve_jobs: z.array(PveBackupJobSchema),
    readable_storages: z.array(BackupStorageReadSchema),
    inventory_hosts: z.array(BackupInventoryHostSchema),
  })
  .meta({ id: 'BackupCoverage' });
export type BackupCoverage = z.infer<typeof BackupCoverageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// "Back up now", restores, the critical flag.

/** POST /api/vms/{id}/backup: storage defaults to the first backup storage of the guest's node (PBS first). */
export const BackupNowSchema = z
  .strictObject({
    storage: StorageIdSchema.optional(),
    mode: BackupModeSchema.default('snapshot'),
    compress: BackupCompressionSchema.default('zstd'),
    /** vzdump's notes template ({{guestname}}, {{vmid}}, {{node}}, {{cluster}}). */
    notes: z.string().trim().max(1024).optional(),
  })
  .meta({ id: 'BackupNow' });
export type BackupNow = z.infer<typeof BackupNowSchema>;

/** A Proxmox node name. */
const NodeNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, 'a Proxmox node name');

/**
 * POST /api/backups/restore: a backup of the inventory (`backup_id`, or `volid` with its `host_id`) restored to a
 * new VMID (`vmid`, else the cluster's next free one; new MAC addresses) or over its original guest (admin or
 * owner, the guest stopped: Proxmox overwrites it).
 */
export const RestoreRequestSchema = z
  .strictObject({
    backup_id: z.uuid().optional(),
    volid: z.string().trim().min(3).max(512).optional(),
    host_id: z.uuid().optional(),
    target: z.enum(['new', 'original']),
    target_node: NodeNameSchema.optional(),
    target_storage: StorageIdSchema.optional(),
    vmid: z.number().int().min(100).max(999_999_999).optional(),
    start: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    if (!r.backup_id && !(r.volid && r.host_id))
      ctx.addIssue({ code: 'custom', path: ['backup_id'], message: 'give backup_id, or volid with host_id' });
    if (r.backup_id && (r.volid || r.host_id))
      ctx.addIssue({ code: 'custom', path: ['volid'], message: 'give backup_id or volid with host_id, not both' });
    if (r.target === 'original' && r.vmid !== undefined)
      ctx.addIssue({ code: 'custom', path: ['vmid'], message: 'a restore over the original keeps its vmid' });
  })
  .meta({ id: 'RestoreRequest' });
export type RestoreRequest = z.input<typeof RestoreRequestSchema>;
export type RestoreRequestParsed = z.output<typeof RestoreRequestSchema>;

/** PATCH /api/vms/{id}/critical. */
export const CriticalFlagSchema = z.strictObject({ critical: z.boolean() }).meta({ id: 'CriticalFlag' });

export const GuestCriticalSchema = z
  .object({
    guest_id: z.uuid(),
    /** The flag set in ProxAI. */
    critical: z.boolean(),
    /** The guest carries the Proxmox tag `critical`. */
    tagged: z.boolean(),
    /** Either of them: what alerts and restore tests go by. */
    effective: z.boolean(),
  })
  .meta({ id: 'GuestCritical' });
export type GuestCritical = z.infer<typeof GuestCriticalSchema>;
