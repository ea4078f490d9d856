import { z } from 'zod';
import { AuthUserSchema } from './auth';
import { EmailSchema } from './common';
import { ORG_ROLES, PERMISSIONS, PLATFORM_PERMISSIONS } from './permissions';

// Teams (DESIGN.md §15): members and their roles, invites, several organisations per person, the permission map.

export const OrgRoleSchema = z.enum(ORG_ROLES).meta({ id: 'OrgRole' });
export const PermissionSchema = z.enum(PERMISSIONS).meta({ id: 'Permission' });

/** GET /api/permissions: the map the server enforces and the web hides by. */
export const PermissionMapSchema = z
  .object({
    permissions: z.array(PermissionSchema),
    roles: z.object({
      owner: z.array(PermissionSchema),
      admin: z.array(PermissionSchema),
      operator: z.array(PermissionSchema),
      readonly: z.array(PermissionSchema),
    }),
    platform: z.object({ admin: z.array(z.enum(PLATFORM_PERMISSIONS)) }),
  })
  .meta({ id: 'PermissionMap' });
export type PermissionMap = z.infer<typeof PermissionMapSchema>;

export const MembershipSchema = z
  .object({ organisation_id: z.uuid(), name: z.string(), role: OrgRoleSchema })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof MembershipSchema>;

/** GET /api/auth/me: the user, the organisation this session acts in, the others, and what the person may do. */
export const MeSchema = AuthUserSchema.extend({
  organisations: z.array(MembershipSchema),
  permissions: z.array(PermissionSchema),
  /** True once the person has a confirmed TOTP or a passkey. */
  mfa_enabled: z.boolean(),
}).meta({ id: 'Me' });
export type Me = z.infer<typeof MeSchema>;

export const SwitchOrganisationSchema = z.object({ organisation_id: z.uuid() }).meta({ id: 'SwitchOrganisation' });

export const MemberSchema = z
  .object({
    user_id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: OrgRoleSchema,
    joined_at: z.iso.datetime(),
    /** The last time any session of this person was used (any organisation); null: never signed in. */
    last_active_at: z.iso.datetime().nullable(),
    mfa_enabled: z.boolean(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z
  .object({
    members: z.array(MemberSchema),
    /** The plan's member limit (SPEC.md §6), counting pending invites; null: no limit. */
    max_users: z.number().int().nullable(),
  })
  .meta({ id: 'MemberList' });
export type MemberList = z.infer<typeof MemberListSchema>;

export const MemberPatchSchema = z.object({ role: OrgRoleSchema }).meta({ id: 'MemberPatch' });
export type MemberPatch = z.infer<typeof MemberPatchSchema>;

export const MemberParamsSchema = z.object({ user_id: z.uuid() });

export const InviteCreateSchema = z.object({ email: EmailSchema, role: OrgRoleSchema }).meta({ id: 'InviteCreate' });
export type InviteCreate = z.input<typeof InviteCreateSchema>;

export const InviteSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: OrgRoleSchema,
    invited_by: z.string().nullable().meta({ description: 'E-mail of the member who invited' }),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof InviteSchema>;

export const InviteTokenParamsSchema = z.object({ token: z.string().min(20).max(300) });

/** GET /api/invites/{token}: what the link invites to, shown before accepting (anyone holding the link). */
export const InvitePreviewSchema = z
  .object({
    organisation_name: z.string(),
    email: z.string(),
    role: OrgRoleSchema,
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'InvitePreview' });
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const InviteAcceptedSchema = z.object({ organisation_id: z.uuid(), role: OrgRoleSchema }).meta({ id: 'InviteAccepted' });
export type InviteAccepted = z.infer<typeof InviteAcceptedSchema>;

/** Who did what the audit records: a person, an API key, a schedule or the server itself. */
export const AuditActorTypeSchema = z.enum(['user', 'api_key', 'schedule', 'system']).meta({ id: 'AuditActorType' });
export type AuditActorType = z.infer<typeof AuditActorTypeSchema>;

export const AuditActorSchema = z
  .object({
    type: AuditActorTypeSchema,
    id: z.string().nullable(),
    name: z
      .string()
      .nullable()
      .meta({ description: 'A person’s e-mail, the API key’s or the schedule’s name, ProxAI; null: a person not identified' }),
  })
  .meta({ id: 'AuditActor' });
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** One audit record as GET /api/audit lists it (the export adds nothing but the chain's own fields). */
export const AuditRecordSchema = z
  .object({
    seq: z.number().int().nullable().meta({ description: 'Number in its chain (null: written before the chain existed)' }),
    at: z.iso.datetime(),
    actor: AuditActorSchema,
    action: z.string(),
    target: z.string().nullable(),
    outcome: z.enum(['success', 'failure']),
    ip: z.string().nullable(),
    details: z.unknown().nullable(),
    hash: z.string().nullable(),
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

/** A filter's text: PostgreSQL refuses a NUL character in a query's text. */
const FilterTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character');

export const AuditQuerySchema = z.object({
  actor: FilterTextSchema(320)
    .optional()
    .meta({ description: 'Part of the actor’s name (a person’s e-mail, a key’s or schedule’s name)' }),
  actor_type: AuditActorTypeSchema.optional(),
  action: FilterTextSchema(100).optional().meta({ description: 'An action, or its prefix ending in a dot (member.)' }),
  target: FilterTextSchema(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional().meta({ description: 'Records before this seq (the next page)' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const AuditPageSchema = z
  .object({
    records: z.array(AuditRecordSchema),
    /** Pass as `before` for the next (older) page; null at the chain's start. */
    next_before: z.number().int().nullable(),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/**
 * POST /api/audit/archive: archive the records written before `before` (a past instant). The answer is the archive
 * as JSON Lines (the records, their signed heads and a checkpoint signed now); the records then leave the trail.
 */
/** Only records at least this old can be archived (the recent trail stays in everyone's view). */
export const AUDIT_ARCHIVE_MIN_AGE_DAYS = 30;

export const AuditArchiveRequestSchema = z
  .object({
    before: z.iso
      .datetime({ offset: true })
      .refine(
        (s) => Date.parse(s) <= Date.now() - AUDIT_ARCHIVE_MIN_AGE_DAYS * 86_400_000,
        `only records older than ${AUDIT_ARCHIVE_MIN_AGE_DAYS} days can be archived: choose an instant at least ${AUDIT_ARCHIVE_MIN_AGE_DAYS} days ago`,
      )
      .meta({ description: 'Records written before this instant are archived' }),
  })
  .meta({ id: 'AuditArchiveRequest' });
export type AuditArchiveRequest = z.infer<typeof AuditArchiveRequestSchema>;
