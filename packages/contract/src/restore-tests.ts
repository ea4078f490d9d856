import { z } from 'zod';
import { StorageIdSchema } from './backups';

// Restore tests (issue 19): restore a backup isolated, boot it, probe it from inside, measure the RTO, destroy
// it, and sign the evidence.

/** No control character: a path or a command argument that cannot smuggle a line or a terminal escape. */
const noControl = (s: string) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const ProbeSchema = z
  .discriminatedUnion('type', [
    /** The QEMU guest agent answers (VMs). */
    z.object({ type: z.literal('agent_ping') }),
    /** A TCP port is listening inside the guest (through the agent: `ss -ltn`, on Windows `netstat.exe -a -n`). */
    z.object({ type: z.literal('tcp'), port: z.number().int().min(1).max(65535) }),
    /** A request to the service from inside the guest (through the agent: curl, else wget; on Windows PowerShell): status and body match. */
    z.object({
      type: z.literal('http'),
      url_path: z
        .string()
        .trim()
        .startsWith('/')
        .max(512)
        .refine((s) => noControl(s) && !/\s/.test(s), 'a URL path without spaces or control characters')
        .default('/'),
      port: z.number().int().min(1).max(65535).default(80),
      expect_status: z.number().int().min(100).max(599).default(200),
      expect_body: z.string().max(256).optional(),
    }),
    /** A command run inside the guest (no shell unless the command is one): exit code and, optionally, output match. */
    z.object({
      type: z.literal('exec'),
      command: z.array(z.string().max(1024).refine(noControl, 'no control characters')).min(1).max(32),
      expect_exit: z.number().int().min(0).max(255).default(0),
      expect_output: z.string().max(256).optional(),
    }),
  ])
  .meta({ id: 'Probe' });
export type Probe = z.infer<typeof ProbeSchema>;

/** A Proxmox node name (`pve1`). */
export const NodeNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/, 'a Proxmox node name');

/** How long the copy may take to boot (its agent or init answering), then for every probe to pass (retried meanwhile). */
const Timeouts = {
  boot_timeout_seconds: z.number().int().min(5).max(3600).default(600),
  /** 0: the probes run once, right after boot. */
  healthy_timeout_seconds: z.number().int().min(0).max(3600).default(300),
};

/** A restore-test policy (schedule kind `restore-test`): up to `max_guests_per_run` selected guests per run. */
export const RestoreTestPolicyParamsSchema = z
  .object({
    probes: z
      .array(ProbeSchema)
      .min(1)
      .max(16)
      .default([{ type: 'agent_ping' }]),
    target_node: NodeNameSchema.optional(),
    target_storage: StorageIdSchema.optional(),
    max_guests_per_run: z.number().int().min(1).max(50).default(5),
    ...Timeouts,
  })
  .meta({ id: 'RestoreTestPolicyParams' });
export type RestoreTestPolicyParams = z.infer<typeof RestoreTestPolicyParamsSchema>;

/** A backup volume id as Proxmox writes it (`local:backup/vzdump-qemu-100-….vma.zst`, `pbs:backup/vm/100/…Z`). */
export const VolidSchema = z
  .string()
  .trim()
  .max(512)
  .regex(/^[A-Za-z][A-Za-z0-9\-_.]*:\S+$/, 'a Proxmox volume id (storage:path)');

/** POST /api/restore-tests. Probes of type `exec` need the admin role (they run a command of your choice in the copy). */
export const RestoreTestCreateSchema = z
  .object({
    guest_id: z.uuid(),
    /** The backup to test; default: the guest's newest backup. */
    backup: VolidSchema.optional(),
    /** Default: the guest's node. */
    target_node: NodeNameSchema.optional(),
    /** Default: each disk back to the storage its backup names. */
    target_storage: StorageIdSchema.optional(),
    probes: z
      .array(ProbeSchema)
      .min(1)
      .max(16)
      .default([{ type: 'agent_ping' }]),
    ...Timeouts,
  })
  .meta({ id: 'RestoreTestCreate' });
export type RestoreTestCreate = z.input<typeof RestoreTestCreateSchema>;

export const RestoreTestAcceptedSchema = z.object({ id: z.uuid(), task_id: z.uuid() }).meta({ id: 'RestoreTestAccepted' });
export type RestoreTestAccepted = z.infer<typeof RestoreTestAcceptedSchema>;

export const RESTORE_TEST_STATUSES = ['queued', 'running', 'passed', 'failed', 'skipped'] as const;
export const RestoreTestStatusSchema = z.enum(RESTORE_TEST_STATUSES);
export type RestoreTestStatus = z.infer<typeof RestoreTestStatusSchema>;

/** What a container is checked for instead of probes (no exec API for containers). */
export const CONTAINER_CHECKS = ['ct_running', 'ct_init', 'ct_uptime', 'ct_interfaces'] as const;

/** One check of a run: a probe asked for, or a container check. `ok` null: not applicable (a tcp probe on a container). */
export const ProbeResultSchema = z
  .object({
    probe: z.union([ProbeSchema, z.object({ type: z.enum(CONTAINER_CHECKS) })]),
    ok: z.boolean().nullable(),
    /** What the guest answered (truncated to 4 KiB), or why the probe could not run. */
    output: z.string(),
    duration_ms: z.number().int().min(0),
  })
  .meta({ id: 'ProbeResult' });
export type ProbeResult = z.infer<typeof ProbeResultSchema>;

/** Seconds per step: restore (the PVE task), boot (start → agent or init answers), healthy (→ every probe passed), cleanup. */
export const RestoreTestTimingsSchema = z
  .object({
    restore_s: z.number().optional(),
    boot_s: z.number().optional(),
    healthy_s: z.number().optional(),
    cleanup_s: z.number().optional(),
  })
  .meta({ id: 'RestoreTestTimings' });
export type RestoreTestTimings = z.infer<typeof RestoreTestTimingsSchema>;

export const RestoreTestSchema = z
  .object({
    id: z.uuid(),
    /** Null once the guest was removed from the portal (the test's history stays). */
    guest_id: z.uuid().nullable(),
    guest_name: z.string(),
    guest_type: z.enum(['qemu', 'lxc']),
    vmid: z.number().int(),
    host_id: z.uuid().nullable(),
    backup_volid: z.string().nullable(),
    backup_time: z.string().nullable(),
    target_node: z.string(),
    target_storage: z.string().nullable(),
    restored_vmid: z.number().int().nullable(),
    status: RestoreTestStatusSchema,
    /** Why it was skipped or failed (English, as recorded). */
    reason: z.string().nullable(),
    /** Restore + boot + time to healthy, for a passed test. */
    rto_seconds: z.number().nullable(),
    timings: RestoreTestTimingsSchema,
    probes: z.array(ProbeResultSchema),
    task_id: z.uuid(),
    schedule_id: z.uuid().nullable(),
    /** Whether signed evidence can be downloaded (GET /api/restore-tests/{id}/evidence). */
    has_evidence: z.boolean(),
    created_at: z.string(),
    ended_at: z.string().nullable(),
  })
  .meta({ id: 'RestoreTest' });
export type RestoreTest = z.infer<typeof RestoreTestSchema>;

export const RestoreTestListQuerySchema = z.object({
  guest_id: z.uuid().optional(),
  status: RestoreTestStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type RestoreTestListQuery = z.input<typeof RestoreTestListQuerySchema>;

export const RestoreTestPageSchema = z
  .object({ items: z.array(RestoreTestSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'RestoreTestPage' });
export type RestoreTestPage = z.infer<typeof RestoreTestPageSchema>;

/** GET /api/restore-tests/summary: one row per guest that has a test or a restore-test schedule, or is critical. */
export const RestoreTestSummaryItemSchema = z
  .object({
    guest_id: z.uuid(),
    name: z.string(),
    vmid: z.number().int(),
    host_id: z.uuid(),
    last_status: RestoreTestStatusSchema.nullable(),
    last_at: z.string().nullable(),
    last_passed_at: z.string().nullable(),
    last_rto_seconds: z.number().nullable(),
    /** The RTO of its last passed tests (at most 20), oldest first. */
    rto_trend: z.array(z.object({ at: z.string(), rto_seconds: z.number() })),
    /** The next occurrence of an enabled restore-test schedule that selects it. */
    next_scheduled_at: z.string().nullable(),
    critical: z.boolean(),
  })
  .meta({ id: 'RestoreTestSummaryItem' });
export type RestoreTestSummaryItem = z.infer<typeof RestoreTestSummaryItemSchema>;

export const RestoreTestSummarySchema = z
  .object({ items: z.array(RestoreTestSummaryItemSchema) })
  .meta({ id: 'RestoreTestSummary' });
export type RestoreTestSummary = z.infer<typeof RestoreTestSummarySchema>;

/** GET /api/evidence/public-key: the key that verifies evidence signatures (`npm run evidence:verify`). */
export const EvidencePublicKeySchema = z
  .object({
    algorithm: z.literal('Ed25519'),
    /** SPKI DER, base64. */
    public_key: z.string(),
    public_key_pem: z.string(),
    /** First 16 hex digits of the SHA-256 of the SPKI DER; the evidence names it. */
    key_id: z.string(),
  })
  .meta({ id: 'EvidencePublicKey' });
export type EvidencePublicKey = z.infer<typeof EvidencePublicKeySchema>;

/** The format name an evidence document carries. */
export const EVIDENCE_FORMAT = 'proxai-restore-test-evidence/1';

/**
 * The signed evidence of one restore test (the downloaded file). `signature` is Ed25519 over the canonical JSON
 * (keys sorted, no whitespace) of every other field; the file is that canonical JSON with the signature, plus a
 * newline, so editing any byte of it breaks the verification.
 */
export const RestoreTestEvidenceSchema = z
  .object({
    format: z.literal(EVIDENCE_FORMAT),
    restore_test_id: z.uuid(),
    organisation_id: z.uuid(),
    guest: z.object({
      id: z.uuid().nullable(),
      name: z.string(),
      type: z.enum(['qemu', 'lxc']),
      vmid: z.number().int(),
      host_id: z.uuid().nullable(),
      host_name: z.string(),
      node: z.string(),
    }),
    backup: z.object({ volid: z.string().nullable(), time: z.string().nullable() }),
    target: z.object({ node: z.string(), storage: z.string().nullable(), restored_vmid: z.number().int().nullable() }),
    /** What the preflight measured: memory and storage needs against what the target had free. */
    preflight: z.record(z.string(), z.unknown()),
    timings: RestoreTestTimingsSchema,
    rto_seconds: z.number().nullable(),
    probes: z.array(ProbeResultSchema),
    /** The restored copy's network config as read back before start, and whether every NIC was link_down=1. */
    isolation: z.object({
      checked: z.boolean(),
      all_links_down: z.boolean(),
      nics: z.record(z.string(), z.string()),
    }),
    /** What the cleanup did and found: the VMID and its disks gone. */
    cleanup: z.object({
      attempted: z.boolean(),
      vmid_gone: z.boolean().nullable(),
      leftover_volumes: z.array(z.string()),
      detail: z.string(),
    }),
    result: z.object({ status: RestoreTestStatusSchema, reason: z.string().nullable() }),
    started_at: z.string().nullable(),
    ended_at: z.string(),
    signed_at: z.string(),
    algorithm: z.literal('Ed25519'),
    key_id: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'RestoreTestEvidence' });
export type RestoreTestEvidence = z.infer<typeof RestoreTestEvidenceSchema>;
