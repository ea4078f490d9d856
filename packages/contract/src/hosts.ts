import { z } from 'zod';
import { parseHostUrl } from './host-url';
import { PbsHostSummarySchema } from './pbs';

// Schemas of the hosts and guests routes; see SPEC.md §3, §5 and §7.

/** `https://host[:port]` only (host-url.ts says why); the server stores it normalised, with the port. */
const HostUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/i }))
  .superRefine((value, ctx) => {
    const parsed = parseHostUrl(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  })
  .meta({
    description:
      'Address of the API: https://host or https://host:port (default port 8006 for a PVE node, 8007 for a PBS), e.g. https://pve.example.com:8006',
  });

/** SHA-256 of the host's TLS certificate, 'AA:BB:…' or 64 hex digits. */
export const FingerprintSchema = z
  .string()
  .trim()
  .regex(/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{64}$/, 'must be a SHA-256 fingerprint (AA:BB:… or 64 hex digits)');

/** 'pve': a Proxmox VE node; 'pbs': a Proxmox Backup Server (no guests, not counted by the plan's host limit). */
export const HostTypeSchema = z.enum(['pve', 'pbs']);
export type HostType = z.infer<typeof HostTypeSchema>;

/** What every host has; a PVE node adds its node name (a PBS has none: its API is the whole server). */
const HostBaseFields = {
  name: z.string().trim().min(1).max(100),
  pve_url: HostUrlSchema,
  user: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[^\s@]+@[^\s@!]+$/, "must look like 'root@pam'"),
  fingerprint: FingerprintSchema.optional(),
};

/** The fields of each way to sign in to a host: a password, or an API token (adding a host, rotating). */
const PasswordAuthFields = { auth_type: z.literal('password'), password: z.string().min(1).max(1024) };
const TokenAuthFields = {
  auth_type: z.literal('token'),
  token_name: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[^\s]+$/, 'must not contain spaces'),
  token_value: z.string().trim().min(1).max(1024),
};

const PveNodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a node name');

const HostCreateFields = {
  type: HostTypeSchema.default('pve').meta({ description: "'pve' (default): a Proxmox VE node; 'pbs': a Proxmox Backup Server" }),
  ...HostBaseFields,
  pve_node: PveNodeSchema.optional().meta({
    description: 'The PVE node: required for a PVE node; ignored for a PBS, which has none',
  }),
};

/**
 * POST /hosts: a PVE node (`type` 'pve', the default, with its `pve_node`) or a PBS (`type` 'pbs', no node);
 * only the chosen sign-in method's fields are accepted (a password with a token, or the reverse, is a 400).
 */
export const HostCreateSchema = z
  .discriminatedUnion('auth_type', [
    z.strictObject({ ...HostCreateFields, ...PasswordAuthFields }),
    z.strictObject({ ...HostCreateFields, ...TokenAuthFields }),
  ])
  .superRefine((h, ctx) => {
    if (h.type === 'pve' && h.pve_node === undefined)
      ctx.addIssue({ code: 'custom', path: ['pve_node'], message: 'is required for a Proxmox VE node' });
  })
  .meta({ id: 'HostCreate' });
/** The request body (`type` may be left out for a PVE node). */
export type HostCreate = z.input<typeof HostCreateSchema>;

/** New credentials for a host (rotation): the same two methods as adding one. */
export const HostCredentialsSchema = z.discriminatedUnion('auth_type', [
  z.strictObject({ user: HostBaseFields.user, ...PasswordAuthFields }),
  z.strictObject({ user: HostBaseFields.user, ...TokenAuthFields }),
]);
export type HostCredentials = z.infer<typeof HostCredentialsSchema>;

/**
 * PATCH /hosts/{id}: rename, rotate credentials, or re-pin a renewed certificate (the fingerprint the person saw
 * at GET /hosts/{id}/certificate; the host must present exactly that one). The host keeps its id, guests and
 * history; new credentials or a new pin are checked against the host before they are saved.
 */
export const HostUpdateSchema = z
  .strictObject({
    name: HostBaseFields.name.optional(),
    credentials: HostCredentialsSchema.optional(),
    fingerprint: FingerprintSchema.optional(),
  })
  .refine((u) => u.name !== undefined || u.credentials !== undefined || u.fingerprint !== undefined, 'nothing to change')
  .meta({ id: 'HostUpdate' });
export type HostUpdate = z.infer<typeof HostUpdateSchema>;

/** The certificate a host presents now against the one pinned (a renewed certificate shows as a mismatch). */
export const HostCertificateSchema = z
  .object({ pinned: z.string().nullable(), presented: z.string(), matches: z.boolean() })
  .meta({ id: 'HostCertificate' });
export type HostCertificate = z.infer<typeof HostCertificateSchema>;

/** What the portal does on a host, each needing Proxmox privileges of the host's user or token. */
export const HOST_FEATURES = ['inventory', 'guest_actions', 'snapshots', 'updates', 'backups'] as const;
export type HostFeature = (typeof HOST_FEATURES)[number];

export const HostPrivilegesSchema = z
  .object({
    checked_at: z.string(),
    features: z.array(
      z.object({
        feature: z.enum(HOST_FEATURES),
        ok: z.boolean(),
        /** Each privilege the feature needs, on which ACL path, and whether the host's user or token has it. */
        privileges: z.array(z.object({ path: z.string(), privilege: z.string(), granted: z.boolean() })),
      }),
    ),
  })
  .meta({ id: 'HostPrivileges' });
export type HostPrivileges = z.infer<typeof HostPrivilegesSchema>;

export const HostStatusSchema = z.enum(['online', 'offline', 'unknown']);
export type HostStatus = z.infer<typeof HostStatusSchema>;

export const HostSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: HostTypeSchema,
    pve_url: z.string().meta({ description: "The host's API address (a PBS's too)" }),
    pve_node: z.string().meta({ description: "The PVE node; 'localhost' for a PBS (its API's own node name)" }),
    status: HostStatusSchema,
    user: z.string(),
    auth_type: z.enum(['password', 'token']),
    token_name: z.string().nullable(),
    fingerprint: z.string().nullable(),
    pve_version: z.string().nullable().meta({ description: "The product's version (a PBS's: its PBS version)" }),
    /** A PBS's datastores and failed tasks as last polled; null for a PVE node. */
    pbs: PbsHostSummarySchema.nullable(),
    last_sync_at: z.string().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({
    id: 'Host',
    examples: [
      {
        id: '5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c',
        name: 'pve1',
        type: 'pve',
        pve_url: 'https://pve1.example.com:8006',
        pve_node: 'pve1',
        status: 'online',
        user: 'proxai@pve',
        auth_type: 'token',
        token_name: 'portal',
        fingerprint: '3A:7F:0C:91:5B:E2:44:D8:19:6A:C3:0E:8F:27:B5:D1:62:4C:A9:10:E7:3B:58:F6:0D:92:1E:C4:7A:85:B3:2F',
        pve_version: '8.3.2',
        pbs: null,
        last_sync_at: '2026-11-24T09:15:02.118Z',
        last_error: null,
        created_at: '2026-10-01T08:00:00.000Z',
      },
    ],
  });
export type Host = z.infer<typeof HostSchema>;

export const HostListSchema = z.array(HostSchema);

export const IdParamsSchema = z.object({ id: z.uuid() });

export const GuestStateSchema = z.string().meta({ description: "PVE status: 'running', 'stopped', 'paused'…" });

export const VmSchema = z
  .object({
    id: z.uuid(),
    vmid: z.number().int(),
    name: z.string(),
    state: GuestStateSchema,
    cpu: z.number().int().meta({ description: 'CPU cores' }),
    memory: z.number().int().meta({ description: 'RAM in MB' }),
    storage: z.number().meta({ description: 'Disk size in GB' }),
    type: z.enum(['qemu', 'lxc']),
    host_id: z.uuid(),
    node: z.string(),
    uptime: z.number().int().meta({ description: 'Seconds since start (0 when stopped)' }),
    tags: z.array(z.string()).meta({ description: "Proxmox tags (what schedules' tag selectors match)" }),
    pool: z.string().nullable().meta({ description: 'Proxmox resource pool, null when in none' }),
  })
  .meta({
    id: 'Vm',
    examples: [
      {
        id: '0b8c6f1e-3c2a-4f5e-9d7a-2f1e8c4b6a90',
        vmid: 101,
        name: 'web-01',
        state: 'running',
        cpu: 4,
        memory: 8192,
        storage: 64,
        type: 'qemu',
        host_id: '5f0c2a7e-8b1d-4c3e-a6f9-1d2e3f4a5b6c',
        node: 'pve1',
        uptime: 864000,
        tags: ['prod', 'web'],
        pool: 'production',
      },
    ],
  });
export type Vm = z.infer<typeof VmSchema>;

export const VmListSchema = z.array(VmSchema);

export const VmActionSchema = z.enum(['start', 'stop', 'restart']);
export type VmAction = z.infer<typeof VmActionSchema>;

export const VmActionRequestSchema = z
  .strictObject({ action: VmActionSchema, vmid: z.number().int().min(1).max(999_999_999).optional() })
  .meta({ id: 'VmActionRequest' });
export type VmActionRequest = z.infer<typeof VmActionRequestSchema>;

/**
 * Where the organisation stands against its plan's limits. A sync never hides guests: when a fleet grew past
 * `max_vms` (guests created on a node already registered), every guest is shown, the dashboard shows a banner
 * and the assistant an advice item, and new hosts are refused until guests are removed or the plan is raised.
 */
export const PlanUsageSchema = z
  .object({
    plan: z.string().meta({ description: "Effective plan slug: 'free', 'essential', 'pro' or 'enterprise'" }),
    max_hosts: z.number().int().meta({ description: '-1: unlimited' }),
    max_vms: z.number().int().meta({ description: '-1: unlimited' }),
    over_vms: z.boolean().meta({ description: 'More guests than max_vms' }),
    over_hosts: z.boolean().meta({ description: 'More hosts than max_hosts' }),
    trial_ends_at: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'While the organisation runs on its 14-day Pro trial: when it ends (ISO)' }),
  })
  .meta({ id: 'PlanUsage' });
export type PlanUsage = z.infer<typeof PlanUsageSchema>;

export const StatsSchema = z
  .object({
    hosts: z.number().int(),
    vms: z.number().int(),
    running_vms: z.number().int(),
    stopped_vms: z.number().int(),
    plan_usage: PlanUsageSchema.optional(),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof StatsSchema>;

/** GET /demo: the demo account's e-mail, so the sign-in page can show a hint. */
export const DemoInfoSchema = z.object({ email: z.string() }).meta({ id: 'DemoInfo' });
export type DemoInfo = z.infer<typeof DemoInfoSchema>;
